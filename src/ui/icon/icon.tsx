import type { ComponentProps } from 'react';
import { DEFAULT_ICON_SIZE, iconDimensions } from './icon-size';
import { combineTransforms, iconToSvg, normalizeRotation } from './icon-transform';
import { svgElements } from './svg-elements';
import { useIcon } from './use-icon';
import './icon.css';

export interface IconProps extends Omit<ComponentProps<'svg'>, 'name' | 'rotate' | 'children'> {
  /** `prefix:name` or `prefix-name`, e.g. a Lucide icon. */
  name: string;
  /** Makes the icon meaningful (`role="img"` named by the label); without it, it is decorative. */
  label?: string;
  /** Height as a CSS length (numbers are pixels); the width keeps the icon's aspect ratio. */
  size?: string | number;
  /** Quarter turns (a number), or `"90deg"`, `"25%"`; counted modulo 4. */
  rotate?: number | string;
  hFlip?: boolean;
  vFlip?: boolean;
}

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';

/**
 * An Iconify icon as inline SVG. Until a non-bundled icon has loaded, or when it is missing or
 * there is no icon source, it is an empty box of the same size (no message, no retry).
 */
export function Icon({
  name,
  label,
  size = DEFAULT_ICON_SIZE,
  rotate,
  hFlip = false,
  vFlip = false,
  className,
  'aria-label': ariaLabel,
  ...rest
}: IconProps) {
  const { state, icon } = useIcon(name);
  const accessibleName = label ?? ariaLabel;
  const a11y = accessibleName
    ? { role: 'img', 'aria-label': accessibleName }
    : { 'aria-hidden': true as const };
  const shared = {
    xmlns: SVG_NAMESPACE,
    className: className ? `icon ${className}` : 'icon',
    'data-state': state,
  };

  if (!icon) return <svg width={size} height={size} {...rest} {...shared} {...a11y} />;

  const svg = iconToSvg(icon, combineTransforms(icon, { rotate: normalizeRotation(rotate), hFlip, vFlip }));
  const { width, height } = iconDimensions(size, svg.width, svg.height);
  return (
    <svg
      viewBox={svg.viewBox}
      width={width}
      height={height}
      {...rest}
      {...shared}
      {...a11y}
    >
      {svgElements(svg.content)}
    </svg>
  );
}
