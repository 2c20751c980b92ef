import { Icon } from '../icon';
import { t } from './attachments-text';
import './file-drop-overlay.css';

/**
 * What the page shows while files hover over it. The status region is always mounted (a live
 * region must exist before its text changes to be announced); only its content and look change.
 */
export function FileDropOverlay({ active }: { active: boolean }) {
  return (
    <div className="file-drop" role="status" data-state={active ? 'active' : 'idle'}>
      {active && (
        <p className="file-drop__message">
          <Icon name="lucide:file-up" className="file-drop__icon" />
          {t('attachments.drop')}
        </p>
      )}
    </div>
  );
}
