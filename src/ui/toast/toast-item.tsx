import { useId, useLayoutEffect, useRef, type CSSProperties } from 'react';
import { t } from '../../i18n';
import { Avatar } from '../avatar';
import { Icon } from '../icon';
import type { SwipeDirection } from './toast-geometry';
import { ToastProgress, progressKey } from './toast-progress';
import type { Toast } from './toast-store';
import { useSwipe } from './use-swipe';

/** Reads an element's height; injected because happy-dom does no layout. */
export type MeasureHeight = (element: HTMLElement) => number;

export interface ToastItemProps {
  toast: Toast;
  /** Place in the stack, newest 0. */
  index: number;
  /** Distance from the area's edge in px, from the stacking math. */
  offset: number;
  swipeDirection: SwipeDirection;
  measureHeight: MeasureHeight;
  onHeight: (id: string, height: number) => void;
  /** `hadFocus` lets the toaster move focus on instead of dropping it to the page. */
  onDismiss: (id: string, hadFocus: boolean) => void;
}

/** Pulses restart by switching between two identical animations; nothing pulses before the first update. */
function pulseOf(updateCount: number): 'odd' | 'even' | undefined {
  if (updateCount === 0) return undefined;
  return updateCount % 2 === 1 ? 'odd' : 'even';
}

/** One toast (SPEC A2): icon or avatar, title, description, actions, close button and time bar. */
export function ToastItem({ toast: item, index, offset, swipeDirection, measureHeight, onHeight, onDismiss }: ToastItemProps) {
  const ref = useRef<HTMLLIElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const dismiss = () => onDismiss(item.id, Boolean(ref.current?.contains(document.activeElement)));
  const swipe = useSwipe<HTMLLIElement>({ direction: swipeDirection, onDismiss: dismiss });

  // Measured after every render (content may have changed) and on resize (fonts, viewport width).
  useLayoutEffect(() => {
    const element = ref.current;
    if (element) onHeight(item.id, measureHeight(element));
  });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => onHeight(item.id, measureHeight(element)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [item.id, measureHeight, onHeight]);

  const numbers = { '--toast-offset': `${offset}px`, '--toast-index': index } as CSSProperties;
  const visual = item.avatar ? (
    <Avatar className="toast-avatar" size="md" src={item.avatar.src} alt={item.avatar.alt} text={item.avatar.text} />
  ) : item.icon ? (
    <Icon className="toast-icon" name={item.icon} />
  ) : null;

  return (
    <li
      ref={ref}
      className="toast"
      // Focusable so Tab (newest first) lands on each toast and AT reads it whole; one with an
      // action (Undo) is skipped, so F8 then one Tab reaches the action (issue 33).
      tabIndex={item.actions.length ? -1 : 0}
      aria-labelledby={item.title ? titleId : undefined}
      aria-describedby={item.description ? descriptionId : undefined}
      data-toast-id={item.id}
      data-state="open"
      data-color={item.color}
      data-pulse={pulseOf(item.updateCount)}
      data-swipe-direction={swipeDirection}
      style={numbers}
      {...swipe}
    >
      {visual}
      <div className="toast-body">
        {item.title ? (
          <div className="toast-title" id={titleId}>
            {item.title}
          </div>
        ) : null}
        {item.description ? (
          <div className="toast-description" id={descriptionId}>
            {item.description}
          </div>
        ) : null}
        {item.actions.length > 0 ? (
          <div className="toast-actions">
            {item.actions.map((action, actionIndex) => (
              <button
                key={actionIndex}
                type="button"
                className="toast-action"
                onClick={(event) => {
                  action.onClick?.(event);
                  if (!event.defaultPrevented) dismiss();
                }}
              >
                {action.label}
              </button>
            ))}
          </div>
        ) : null}
      </div>
      <button type="button" className="toast-close" aria-label={t('toast.close')} onClick={dismiss}>
        <Icon name="lucide:x" />
      </button>
      {item.duration > 0 ? <ToastProgress key={progressKey(item.clock)} duration={item.duration} clock={item.clock} /> : null}
    </li>
  );
}
