// Beside the home composer after a send the device could not make offline (issue 26): the draft stays.
import { registerMessages } from '../../i18n';
import { offline } from '../../i18n/en/offline';
import { t } from './onboarding-text';
import { serverOutOfReach, useOnline } from '../shared/use-server-out-of-reach';

registerMessages(offline);

// With the note's code, so the home page's check is there offline too.
export { serverOutOfReach };

/** Says the model server cannot be reached while the device is offline; gone once it is back online. */
export default function OfflineNote() {
  if (useOnline()) return null;
  return (
    <p className="home-not-sent" role="status" data-state="offline">
      {t('offline.unreachable')}
    </p>
  );
}
