import { useContext, type ButtonHTMLAttributes, type MouseEvent, type ReactNode, type Ref } from 'react';
import { Icon } from '../icon';
import { Tooltip } from '../tooltip';
import { ButtonLinkContext } from './button-link';
import { useAsyncClick } from './use-async-click';
import './button.css';

export const BUTTON_SIZES = ['xs', 'sm', 'md', 'lg', 'xl'] as const;
export const BUTTON_VARIANTS = ['solid', 'outline', 'soft', 'ghost', 'link'] as const;
export const BUTTON_COLORS = ['neutral', 'primary', 'success', 'info', 'warning', 'error'] as const;
export type ButtonSize = (typeof BUTTON_SIZES)[number];
export type ButtonVariant = (typeof BUTTON_VARIANTS)[number];
export type ButtonColor = (typeof BUTTON_COLORS)[number];

/** The spinner shown in the leading icon's place while loading. */
export const BUTTON_SPINNER_ICON = 'lucide:loader-circle';

interface CommonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'color'> {
  size?: ButtonSize;
  variant?: ButtonVariant;
  color?: ButtonColor;
  /** Leading icon name (`lucide:plus`). */
  icon?: string;
  trailingIcon?: string;
  /** Disables the button and shows a spinner in the leading icon's place. */
  loading?: boolean;
  /** A destination turns the button into a link (rendered by the app's ButtonLinkProvider). */
  href?: string;
  /** For links: where to open the destination, and how it relates to this page. */
  target?: string;
  rel?: string;
  /** Returning a promise shows loading until it settles. */
  onClick?: (event: MouseEvent<HTMLButtonElement | HTMLAnchorElement>) => unknown;
  ref?: Ref<HTMLButtonElement & HTMLAnchorElement>;
}

/** Icon-only buttons must have a label: it names the button and shows as its tooltip. */
export type ButtonProps = CommonProps &
  ({ children: ReactNode; label?: string } | { children?: undefined; icon: string; label: string });

export function Button(props: ButtonProps) {
  const {
    size = 'md',
    variant = 'solid',
    color = 'primary',
    icon,
    trailingIcon,
    loading = false,
    href,
    label,
    children,
    onClick,
    disabled,
    className,
    ref,
    ...rest
  } = props;
  const LinkComponent = useContext(ButtonLinkContext);
  const asyncClick = useAsyncClick<HTMLButtonElement | HTMLAnchorElement>(onClick);
  const busy = loading || asyncClick.pending;
  const iconOnly = children === undefined || children === null || children === false;
  const leading = busy ? BUTTON_SPINNER_ICON : icon;

  const content = (
    <>
      {leading && <Icon name={leading} className="button__icon" data-spinner={busy ? '' : undefined} />}
      {!iconOnly && <span className="button__label">{children}</span>}
      {trailingIcon && !iconOnly && <Icon name={trailingIcon} className="button__icon" />}
    </>
  );
  const shared = {
    className: ['button', variant === 'link' && 'touch-hit', className].filter(Boolean).join(' '),
    'data-size': size,
    'data-variant': variant,
    'data-color': color,
    'data-icon-only': iconOnly ? '' : undefined,
    // Not data-state: an icon-only button's tooltip owns the trigger's data-state (SPEC A3).
    'data-loading': busy ? '' : undefined,
    'aria-label': iconOnly ? label : rest['aria-label'],
    'aria-busy': busy || undefined,
  } as const;

  const element =
    href !== undefined ? (
      <LinkComponent
        {...(rest as object)}
        {...shared}
        ref={ref}
        href={href}
        aria-disabled={disabled || busy || undefined}
        onClick={(event) => {
          if (disabled || busy) event.preventDefault();
          else asyncClick.onClick(event);
        }}
      >
        {content}
      </LinkComponent>
    ) : (
      <button
        type="button"
        {...rest}
        {...shared}
        ref={ref}
        disabled={disabled || busy}
        onClick={asyncClick.onClick}
      >
        {content}
      </button>
    );

  return iconOnly && label ? <Tooltip content={label}>{element}</Tooltip> : element;
}
