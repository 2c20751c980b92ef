import { isolatedName } from '../../../lib/bidi-controls';
import { useId, useRef, useState } from 'react';
import type { ChatStore } from '../../../chat';
import { applyRestoreFile, backUpEverything, backupErrorOf, previewRestoreFile, type BackupProgress, type LeftOutLibraryRow, type RestoreOutcome, type RestorePreview } from '../../../chat/backup';
import { DEFAULT_MODEL_KEY, getConnectionsStore, type ConnectionsStore, type ModelPreferences } from '../../../chat/connections';
// By path: the connections index leaves the preferences out of the first screen.
import { getModelPreferences } from '../../../chat/connections/model-preferences-instance';
import { getLibraryStore, type LibraryStore } from '../../../chat/library';
import { Button } from '../../../ui/button';
import { Progress } from '../../../ui/progress';
import { RestorePreviewView } from './restore-preview';
import { restoreLibraryLines } from './restore-library-lines';
import { t } from '../shared/settings-text';
import { JsonFileInput } from '../shared/json-file-input';
import { tn } from '../../../i18n/plural';

/**
 * "Back up everything" (with the choice to include API keys, and the warning that then goes with
 * it) and "Restore from a backup": each with its progress and its outcome, kept on screen.
 */

export type BackupStore = Pick<ChatStore, 'attachmentHost' | 'getSetting' | 'putSetting'>;

/** `warning`: what a finished run did not do (a library row a backup left out), said beside the result. */
type Run = { state: 'idle' } | { state: 'running'; progress?: BackupProgress } | { state: 'done'; text: string; warning?: string } | { state: 'failed'; text: string };
/** A restore also waits for the user's go-ahead, with what it would add on screen. */
type RestoreRun = Run | { state: 'preview'; file: string; preview: RestorePreview };

/** Where restored connections go once confirmed: the app's connections store by default. */
export type RestoreConnections = Pick<ConnectionsStore, 'init' | 'loadEdits' | 'getSnapshot' | 'add' | 'setDefaultModel'>;

/**
 * Restored settings take effect at once, no reload: the stores that hold them in memory read them
 * again. A restore stores only settings this browser did not have, so nothing chosen here changes.
 */
export async function applyRestoredSettings(store: Pick<BackupStore, 'getSetting'>, connections: RestoreConnections, preferences: Pick<ModelPreferences, 'reload'>) {
  await preferences.reload();
  const restoredDefault = await store.getSetting<unknown>(DEFAULT_MODEL_KEY);
  if (typeof restoredDefault === 'string' && restoredDefault !== '' && !connections.getSnapshot().defaultModel) connections.setDefaultModel(restoredDefault);
}

export interface BackupPanelProps {
  store: BackupStore;
  download(blob: Blob, fileName: string): void;
  /** Where restored title settings and recent models go (the app's by default). */
  preferences?: Pick<ModelPreferences, 'reload'>;
  /** A backup was made (at this time) or restored: the section shows the new figures. */
  onBackedUp(at: number): void;
  onRestored(): void;
  connections?: RestoreConnections;
  /** Reads the restored library rows (the app's library store by default). */
  library?: Pick<LibraryStore, 'reload'>;
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

function restoreFailure(error: unknown): string {
  const known = backupErrorOf(error);
  if (known) return t(`data.restore.error.${known.code}`, known.params);
  return t('data.restore.error.storage', { reason: reason(error) });
}

/** The library rows a backup left out, by name and why: a restore could not read them back, so they are not in the file. */
function leftOutText(rows: readonly LeftOutLibraryRow[]): string | undefined {
  if (rows.length === 0) return undefined;
  const items = rows.map((row) => t('libraryTransfer.skipped.named', { name: isolatedName(row.name ?? row.id), reason: row.reason })).join('; ');
  return tn('data.backup.leftOut', rows.length, { items });
}

function restoreDone(outcome: RestoreOutcome): string {
  const libraryLines = restoreLibraryLines(outcome.library, 'done');
  const lines: string[] = [];
  // A backup of the library alone says what came back, not "Restored 0 chats".
  if (outcome.chats > 0 || outcome.existing > 0 || libraryLines.length === 0)
    lines.push(t('data.restore.done', { chats: tn('count.chats', outcome.chats), messages: tn('count.messages', outcome.messages), files: tn('count.files', outcome.attachments) }));
  if (outcome.copies > 0) lines.push(tn('data.restore.copies', outcome.copies));
  if (outcome.existing > 0) lines.push(tn('data.restore.existing', outcome.existing));
  if (outcome.connections > 0) lines.push(tn('data.restore.connections', outcome.connections));
  if (outcome.connectionsFailed > 0) lines.push(tn('data.restore.connectionsFailed', outcome.connectionsFailed));
  lines.push(...libraryLines);
  return lines.join(' ');
}

function RunStatus({ run, label, countChats = true }: { run: Run; label: string; countChats?: boolean }) {
  return (
    <div className="data-run" role="status" data-state={run.state}>
      {run.state === 'running' && (
        <>
          <Progress label={label} value={run.progress?.total ? run.progress.done : null} max={run.progress?.total || undefined} size="sm" />
          {countChats && run.progress?.total ? <span className="settings-hint">{tn('data.backup.progressText', run.progress.total, { done: run.progress.done })}</span> : null}
        </>
      )}
      {run.state === 'done' && <p className="settings-hint">{run.text}</p>}
      {run.state === 'done' && run.warning && (
        <p className="data-warning" data-state="left-out">
          {run.warning}
        </p>
      )}
      {run.state === 'failed' && <p className="settings-error">{run.text}</p>}
    </div>
  );
}

export function BackupPanel({ store, download, onBackedUp, onRestored, connections = getConnectionsStore(), preferences = getModelPreferences(), library = getLibraryStore() }: BackupPanelProps) {
  const id = useId();
  const [includeKeys, setIncludeKeys] = useState(false);
  const [backup, setBackup] = useState<Run>({ state: 'idle' });
  const [restore, setRestore] = useState<RestoreRun>({ state: 'idle' });
  const fileInput = useRef<HTMLInputElement>(null);
  const busy = backup.state === 'running' || restore.state === 'running' || restore.state === 'preview';

  async function backUp() {
    setBackup({ state: 'running' });
    try {
      const made = await backUpEverything(store, { includeApiKeys: includeKeys, onProgress: (progress) => setBackup({ state: 'running', progress }) });
      download(made.blob, made.fileName);
      setBackup({
        state: 'done',
        text: t('data.backup.done', { file: made.fileName, chats: tn('count.chats', made.chats), messages: tn('count.messages', made.messages), files: tn('count.files', made.attachments) }),
        warning: leftOutText(made.leftOutLibrary),
      });
      onBackedUp(made.madeAt);
    } catch (error) {
      setBackup({ state: 'failed', text: t('data.backup.failed', { reason: reason(error) }) });
    }
  }

  async function previewFile(file: File) {
    setRestore({ state: 'running' });
    try {
      await Promise.all([connections.init(), connections.loadEdits()]);
      const preview = await previewRestoreFile(store, file, connections.getSnapshot().connections);
      setRestore({ state: 'preview', file: file.name, preview });
    } catch (error) {
      setRestore({ state: 'failed', text: t('data.restore.failed', { file: isolatedName(file.name), reason: restoreFailure(error) }) });
    }
  }

  async function applyPreview(file: string, preview: RestorePreview, confirmed: ReadonlySet<number>) {
    setRestore({ state: 'running' });
    try {
      const outcome = await applyRestoreFile(store, preview, {
        confirmed,
        onProgress: (progress) => setRestore({ state: 'running', progress }),
        addConnection: (connection) => {
          // Checked as one typed in Settings is, once more, by the same code.
          const added = connections.add(connection);
          if (!added.ok) throw new Error(added.error);
        },
      });
      if (outcome.settings > 0) await applyRestoredSettings(store, connections, preferences);
      // The rows went in behind the library store's back: it reads them again, so they show at once.
      // Stored by now: a failed read must not report the restore as failed (the next start reads them).
      await library.reload().catch(() => undefined);
      setRestore({ state: 'done', text: restoreDone(outcome) });
      onRestored();
    } catch (error) {
      // One transaction: a failure stored none of it, so "Nothing was changed" is true.
      setRestore({ state: 'failed', text: t('data.restore.failed', { file, reason: restoreFailure(error) }) });
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
        <RunStatus run={backup} label={t('data.backup.progress')} />
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
        <JsonFileInput ref={fileInput} label={t('data.restore.action')} onFile={(file) => void previewFile(file)} />
        {restore.state === 'preview' ? (
          <RestorePreviewView
            fileName={restore.file}
            preview={restore.preview}
            onApply={(confirmed) => void applyPreview(restore.file, restore.preview, confirmed)}
            onCancel={() => setRestore({ state: 'done', text: t('data.restore.cancelled', { file: restore.file }) })}
          />
        ) : (
          <RunStatus run={restore} label={t('data.restore.progress')} countChats={false} />
        )}
      </div>
    </>
  );
}
