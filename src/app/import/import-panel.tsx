import { isolatedName } from '../../lib/bidi-controls';
import { useEffect, useId, useRef } from 'react';
import { Button } from '../../ui/button';
import { Progress } from '../../ui/progress';
import { importFailureText } from './import-error-text';
import { ImportPreviewView } from './import-preview';
import { t } from './import-text';
import { useImportRun, type ImportBackend, type ImportRun } from './use-import-run';
import './import-panel.css';
import { tn } from '../../i18n/plural';

/**
 * "Import from another app" (issue 14), in Settings → Data and in the dialog a dropped export
 * opens: choose files → reading, with Cancel → the preview → Import, with Cancel → the outcome.
 * Focus follows the run for keyboard users: to the preview when it is ready, back to the file
 * button when the run ends, but only when focus was in the panel (or lost with a removed button).
 */

export interface ImportPanelProps {
  /** Files to read at once (a dropped export). */
  files?: readonly File[];
  backend?: ImportBackend;
  formatDate?(ms: number): string;
  /** The preview's heading level: 4 under Settings → Data's h3 (the default), 3 in the import dialog. */
  headingLevel?: 3 | 4;
}

/** Zip for ChatGPT's download; JSON for conversations*.json, Claude's and Open WebUI's exports. */
const ACCEPT = '.zip,.json,application/zip,application/json';
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function progressLine(run: ImportRun): string {
  if (run.state !== 'reading' && run.state !== 'importing') return '';
  const progress = run.progress;
  if (!progress) return '';
  if (progress.phase === 'reading') return progress.file ? t('import.ui.readingFile', { file: isolatedName(progress.file) }) : '';
  return progress.phase === 'preparing' ? tn('import.ui.preparing', progress.total, { done: progress.done }) : t('import.ui.writing', { done: progress.done, total: progress.total });
}

function outcomeLine(run: ImportRun): string {
  if (run.state === 'cancelled') return t('import.ui.cancelled');
  if (run.state !== 'done') return '';
  const { result } = run;
  const chats =
    result.existing > 0
      ? t('import.ui.doneExisting', { chats: tn('count.chats', result.chats), messages: tn('count.messages', result.messages), existing: result.existing })
      : t('import.ui.done', { chats: tn('count.chats', result.chats), messages: tn('count.messages', result.messages) });
  const projects = [
    ...(result.projects > 0 ? [tn('importProjects.done', result.projects)] : []),
    ...result.projectsRefused.map(({ name, reason }) => t('importProjects.refused', { name: isolatedName(name), reason })),
  ];
  // A projects.json alone brings no chats: "Imported 0 chats" would only puzzle.
  const onlyProjects = result.chats === 0 && result.existing === 0 && projects.length > 0;
  return [...(onlyProjects ? [] : [chats]), ...projects].join(' ');
}

export function ImportPanel({ files, backend, formatDate = (ms) => dateFormat.format(ms), headingLevel = 4 }: ImportPanelProps) {
  const id = useId();
  const { run, read, confirm, cancel } = useImportRun(backend);
  const panel = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const choose = useRef<HTMLButtonElement & HTMLAnchorElement>(null);
  const importButton = useRef<HTMLButtonElement & HTMLAnchorElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const busy = run.state === 'reading' || run.state === 'importing';

  useEffect(() => {
    if (files && files.length > 0) read(files);
  }, [files, read]);

  useEffect(() => {
    const active = document.activeElement;
    const focusHere = !active || active === document.body || panel.current?.contains(active);
    if (!focusHere) return;
    if (run.state === 'preview') (importButton.current ?? heading.current)?.focus();
    else if (run.state === 'done' || run.state === 'cancelled' || run.state === 'failed') choose.current?.focus();
  }, [run.state]);

  const progressLabel = run.state === 'importing' ? t('import.ui.importing') : t('import.ui.reading');
  const progress = busy ? run.progress : undefined;
  const line = busy ? progressLine(run) : outcomeLine(run);

  return (
    <div ref={panel} className="import-panel" role="group" aria-labelledby={`${id}label`} data-state={run.state}>
      <span id={`${id}label`} className="import-panel__label">
        {t('import.ui.label')}
      </span>
      <p id={`${id}hint`} className="import-panel__hint">
        {t('import.ui.hint')}
      </p>
      <div className="import-panel__actions">
        <Button ref={choose} variant="outline" icon="lucide:file-up" aria-describedby={`${id}hint`} disabled={busy} onClick={() => input.current?.click()}>
          {t('import.ui.choose')}
        </Button>
      </div>
      {/* The button above is the control; the input only opens the browser's file picker. */}
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        multiple
        hidden
        tabIndex={-1}
        aria-label={t('import.ui.choose')}
        onChange={(event) => {
          const chosen = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (chosen.length > 0) read(chosen);
        }}
      />
      <div className="import-panel__run">
        <div role="status" className="import-panel__run">
          {busy && <Progress label={progressLabel} value={progress?.total ? progress.done : null} max={progress?.total || undefined} size="sm" />}
          {line && <p className="import-panel__line">{line}</p>}
        </div>
        {busy && (
          <div className="import-panel__actions">
            <Button variant="outline" color="neutral" onClick={cancel}>
              {t('import.ui.cancel')}
            </Button>
          </div>
        )}
      </div>
      {run.state === 'preview' && (
        <ImportPreviewView preview={run.preview} formatDate={formatDate} onImport={confirm} onCancel={cancel} focusRef={importButton} headingRef={heading} headingLevel={headingLevel} />
      )}
      <div role="alert">{run.state === 'failed' && <p className="import-panel__error">{importFailureText(run.error)}</p>}</div>
    </div>
  );
}
