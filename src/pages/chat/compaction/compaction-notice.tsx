/** Beside the thread: "Summarising…" with Cancel while a summary is written, or why it failed (nothing was changed). */
import { Button } from '../../../ui/button';
import { t } from '../chat-text';
import { cancelCompaction, dismissCompaction, useCompactionState } from './compaction-status';

export function CompactionNotice({ chatId }: { chatId: string }) {
  const state = useCompactionState(chatId);
  return (
    <div role="status" className="compaction-notice">
      {state?.kind === 'working' && (
        <p className="compaction-status" data-state="working">
          <span>{t('compaction.status.working')}</span>
          <Button size="sm" variant="ghost" color="neutral" onClick={() => cancelCompaction(chatId)}>
            {t('compaction.status.cancel')}
          </Button>
        </p>
      )}
      {state?.kind === 'failed' && (
        <p className="compaction-status" data-state="failed">
          <span>
            {state.result.reason === 'nothing'
              ? t('compaction.status.nothing')
              : state.result.reason === 'no-model'
                ? t('compaction.status.noModel')
                : state.result.reason === 'storage'
                  ? t('compaction.status.storage')
                  : t('compaction.status.failed', { reason: state.result.message ?? '' })}
          </span>
          <Button size="sm" variant="ghost" color="neutral" onClick={() => dismissCompaction(chatId)}>
            {t('compaction.status.dismiss')}
          </Button>
        </p>
      )}
    </div>
  );
}
