import { t } from '../../i18n';
import { Icon } from '../../ui/icon';
import './unsaved-mark.css';

/** Crossed-out cloud: "not stored", a shape that doesn't depend on the warning colour to be read. */
export const UNSAVED_ICON = 'lucide:cloud-off';

export interface UnsavedMarkProps {
  /** For the marked element's aria-describedby. */
  id?: string;
  /** 'icon' keeps the text for assistive technology only, where a row has no room for it (the history). */
  variant?: 'text' | 'icon';
}

/**
 * Says that something on screen is not stored (the disk was full): it is kept in this tab and
 * saved once there is room. Shape and words, never colour alone.
 */
export function UnsavedMark({ id, variant = 'text' }: UnsavedMarkProps) {
  const label = t('storage.unsaved');
  return (
    <span id={id} className="unsaved-mark" data-state="unsaved" data-variant={variant} title={variant === 'icon' ? label : undefined}>
      <Icon name={UNSAVED_ICON} />
      <span className={variant === 'icon' ? 'visually-hidden' : 'unsaved-mark__text'}>{label}</span>
    </span>
  );
}
