import { useId } from 'react';
import { formatBytes } from '../../../lib/format-bytes';
import { Button } from '../../../ui/button';
import { t, type MessageKey } from '../shared/settings-text';
import type { StorageStatus } from './use-storage-status';

const PERSIST_TEXT: Record<StorageStatus['persist'], MessageKey> = {
  checking: 'data.persist.checking',
  persistent: 'data.persist.yes',
  'not-persistent': 'data.persist.no',
  granted: 'data.persist.granted',
  denied: 'data.persist.denied',
  unsupported: 'data.persist.unsupported',
};

/** The usage figure, and persistent storage: whether it is on, and a button to ask for it while it is not. */
export function StorageStatusView({ status }: { status: StorageStatus }) {
  const id = useId();
  const { usage, persist } = status;
  const canAsk = persist === 'not-persistent' || persist === 'denied';
  return (
    <>
      <p className="settings-hint data-usage" role="status" data-state={usage.state}>
        {usage.state === 'known'
          ? t('data.usage.figure', { used: formatBytes(usage.used), quota: formatBytes(usage.quota) })
          : t(usage.state === 'loading' ? 'data.usage.loading' : 'data.usage.unknown')}
      </p>
      <div className="settings-field" role="group" aria-labelledby={`${id}persist`}>
        <span id={`${id}persist`} className="data-label">
          {t('data.persist.label')}
        </span>
        <p className="settings-hint data-persist" role="status" data-state={persist}>
          {t(PERSIST_TEXT[persist])}
        </p>
        {canAsk && (
          <div className="data-actions">
            <Button variant="outline" size="sm" icon="lucide:shield-check" onClick={status.requestPersist}>
              {t('data.persist.action')}
            </Button>
          </div>
        )}
      </div>
    </>
  );
}
