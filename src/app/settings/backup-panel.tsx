import { useId, useRef, useState } from 'react';
import type { ChatStore } from '../../chat';
import { backUpEverything, backupErrorOf, restoreFromBackup, type BackupProgress, type RestoreOutcome } from '../../chat/backup';
import { Button } from '../../ui/button';
import { Progress } from '../../ui/progress';
import { t } from './settings-text';
import { tn } from '../../i18n/plural';

/**
 * "Back up everything" (with the choice to include API keys, and the warning that then goes with
 * it) and "Restore from a backup": each with its progress and its outcome, kept on screen.
 */

export type BackupStore = Pick<ChatStore, 'attachmentHost' | 'getSetting' | 'putSetting'>;

type Run = { state: 'idle' } | { state: 'running'; progress?: BackupProgress } | { state: 'done'; text: string; reload?: boolean } | { state: 'failed'; text: string };

export interface BackupPanelProps {
  store: BackupStore;
  download(blob: Blob, fileName: string): void;
  reload(): void;
  /** A backup was made (at this time) or restored: the section shows the new figures. */
  onBackedUp(at: number): void;
  onRestored(): void;
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

function restoreFailure(error: unknown): string {
  const known = backupErrorOf(error);
  if (known) return t(`data.restore.error.${known.code}`, known.params);
  return t('data.restore.error.storage', { reason: reason(error) });
}

function restoreDone(outcome: RestoreOutcome): string {
  const lines = [t('data.restore.done', { chats: tn('count.chats', outcome.chats), messages: tn('count.messages', outcome.messages), files: tn('count.files', outcome.attachments) })];
  if (outcome.existing > 0) lines.push(tn('data.restore.existing', outcome.existing));
  return lines.join(' ');
}

function RunStatus({ run, label, reload }: { run: Run; label: string; reload(): void }) {
  return (
    <div className="data-run" role="status" data-state={run.state}>
      {run.state === 'running' && (
        <>
          <Progress label={label} value={run.progress?.total ? run.progress.done : null} max={run.progress?.total || undefined} size="sm" />
          {run.progress?.total ? <span className="settings-hint">{tn('data.backup.progressText', run.progress.total, { done: run.progress.done })}</span> : null}
        </>
      )}
      {run.state === 'done' && <p className="settings-hint">{run.text}</p>}
      {run.state === 'done' && run.reload && (
        <p className="settings-hint data-reload">
          {t('data.restore.reload')}{' '}
          <Button variant="link" size="sm" onClick={reload}>
            {t('data.restore.reloadAction')}
          </Button>
        </p>
      )}
      {run.state === 'failed' && <p className="settings-error">{run.text}</p>}
    </div>
  );
}

export function BackupPanel({ store, download, reload, onBackedUp, onRestored }: BackupPanelProps) {
  const id = useId();
  const [includeKeys, setIncludeKeys] = useState(false);
  const [backup, setBackup] = useState<Run>({ state: 'idle' });
  const [restore, setRestore] = useState<Run>({ state: 'idle' });
  const fileInput = useRef<HTMLInputElement>(null);
  const busy = backup.state === 'running' || restore.state === 'running';

  async function backUp() {
    setBackup({ state: 'running' });
    try {
      const made = await backUpEverything(store, { includeApiKeys: includeKeys, onProgress: (progress) => setBackup({ state: 'running', progress }) });
      download(made.blob, made.fileName);
      setBackup({ state: 'done', text: t('data.backup.done', { file: made.fileName, chats: tn('count.chats', made.chats), messages: tn('count.messages', made.messages), files: tn('count.files', made.attachments) }) });
      onBackedUp(made.madeAt);
    } catch (error) {
      setBackup({ state: 'failed', text: t('data.backup.failed', { reason: reason(error) }) });
    }
  }

  async function restoreFile(file: File) {
    setRestore({ state: 'running' });
    try {
      const outcome = await restoreFromBackup(store, await file.text(), { onProgress: (progress) => setRestore({ state: 'running', progress }) });
      setRestore({ state: 'done', text: restoreDone(outcome), reload: outcome.connections + outcome.settings > 0 });
      onRestored();
    } catch (error) {
      setRestore({ state: 'failed', text: t('data.restore.failed', { file: file.name, reason: restoreFailure(error) }) });
    }
  }

  return (
    <>
      <div className="settings-field" role="group" aria-labelledby={`${id}backup`}>
        <span id={`${id}backup`} className="data-label">
          {t('data.backup.label')}
        </span>
        <p id={`${id}backupHint`} className="settings-hint">
          {t('data.backup.hint')}
        </p>
        <label className="settings-check">
          <input type="checkbox" checked={includeKeys} aria-describedby={includeKeys ? `${id}keys` : undefined} onChange={(event) => setIncludeKeys(event.target.checked)} />
          {t('data.backup.includeKeys')}
        </label>
        {includeKeys && (
          <p id={`${id}keys`} className="data-warning">
            {t('data.backup.keysWarning')}
          </p>
        )}
        <div className="data-actions">
          <Button icon="lucide:hard-drive-download" aria-describedby={`${id}backupHint`} disabled={busy} onClick={backUp}>
            {t('data.backup.action')}
          </Button>
        </div>
        <RunStatus run={backup} label={t('data.backup.progress')} reload={reload} />
      </div>
      <div className="settings-field" role="group" aria-labelledby={`${id}restore`}>
        <span id={`${id}restore`} className="data-label">
          {t('data.restore.label')}
        </span>
        <p id={`${id}restoreHint`} className="settings-hint">
          {t('data.restore.hint')}
        </p>
        <div className="data-actions">
          <Button variant="outline" icon="lucide:archive-restore" aria-describedby={`${id}restoreHint`} disabled={busy} onClick={() => fileInput.current?.click()}>
            {t('data.restore.action')}
          </Button>
        </div>
        {/* The button above is the control; the input only opens the browser's file picker. */}
        <input
          ref={fileInput}
          type="file"
          accept=".json,application/json"
          hidden
          tabIndex={-1}
          aria-label={t('data.restore.action')}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void restoreFile(file);
          }}
        />
        <RunStatus run={restore} label={t('data.restore.progress')} reload={reload} />
      </div>
    </>
  );
}
