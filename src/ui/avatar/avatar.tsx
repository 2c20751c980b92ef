import type { ComponentPropsWithRef, CSSProperties } from 'react';
import { t } from '../../i18n';
import { Icon } from '../icon';
import { AVATAR_METRICS, DEFAULT_AVATAR_SIZE, type AvatarSize } from './avatar-sizes';
import { initialsOf } from './initials';
import { useImageStatus, type ImageLoader } from './use-image-status';
import './avatar.css';

/** The status colours, as for toasts and buttons. */
export type AvatarChipColor = 'neutral' | 'primary' | 'success' | 'info' | 'warning' | 'error';

/** Which corner of the circle the status chip sits on. */
export type AvatarChipPosition = 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';

/** The corner used when a chip gives none: where every chat app puts presence. */
export const DEFAULT_CHIP_POSITION: AvatarChipPosition = 'bottom-right';

/** An icon fallback is drawn a little larger than the initials: icon glyphs carry their own padding. */
export const AVATAR_ICON_EM = 1.25;

export interface AvatarChip {
  color: AvatarChipColor;
  /** What the dot means ("Online"); added to the avatar's accessible name, since colour alone says nothing to AT. */
  label?: string;
  position?: AvatarChipPosition;
}

export interface AvatarProps extends Omit<ComponentPropsWithRef<'span'>, 'children'> {
  src?: string;
  /** Who the avatar shows. It names the image, and its first two words give the fallback initials. */
  alt?: string;
  /** Fallback text instead of the initials of `alt`. */
  text?: string;
  /** An icon name (SPEC A4) shown as the fallback when no `text` is given, instead of the initials. */
  icon?: string;
  size?: AvatarSize;
  chip?: AvatarChip;
  /** Loads the image off-screen; defaults to the module loader (see `setImageLoader`). */
  loadImage?: ImageLoader;
}

/** The name assistive technology hears: the alt text, plus the chip's meaning when it has one. */
function accessibleName(alt: string | undefined, status: string | undefined): string {
  if (alt && status) return t('avatar.nameWithStatus', { name: alt, status });
  return alt || status || '';
}

/**
 * A circular picture of a person or model (SPEC A5). The image appears only once it has
 * loaded; until then, and when it fails or there is none, the fallback keeps the circle filled.
 */
export function Avatar({ src, alt, text, icon, size = DEFAULT_AVATAR_SIZE, chip, loadImage, className, style, ref, ...rest }: AvatarProps) {
  const status = useImageStatus(src, loadImage);
  const metrics = AVATAR_METRICS[size];
  const name = accessibleName(alt, chip?.label);
  const showImage = status === 'loaded';
  // Without the image the root carries the name: the fallback letters alone would read as gibberish.
  const namedRoot = !showImage && name !== '';
  const sizing = { '--avatar-size': `${metrics.px}px`, '--avatar-font-size': `${metrics.fontPx}px` } as CSSProperties;

  // An explicit text wins; an icon beats the initials, since alt is nearly always given.
  const fallbackContent = text ? text : icon ? <Icon name={icon} size={`${AVATAR_ICON_EM}em`} /> : initialsOf(alt);

  return (
    <span
      role={namedRoot ? 'img' : undefined}
      aria-label={namedRoot ? name : undefined}
      {...rest}
      ref={ref}
      className={className ? `avatar ${className}` : 'avatar'}
      data-size={size}
      data-state={status}
      style={{ ...sizing, ...style }}
    >
      {showImage ? (
        <img className="avatar-image" src={src} alt={name} />
      ) : (
        <span className="avatar-fallback" aria-hidden="true">
          {fallbackContent}
        </span>
      )}
      {chip ? (
        <span className="avatar-chip" data-color={chip.color} data-position={chip.position ?? DEFAULT_CHIP_POSITION} aria-hidden="true" />
      ) : null}
    </span>
  );
}
