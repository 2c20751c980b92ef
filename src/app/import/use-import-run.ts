import { useCallback, useEffect, useRef, useState } from 'react';
import { getChatStore } from '../../chat';
import { announceChats } from '../../chat/tabs';
import { getLibraryStore } from '../../chat/library';
import { previewImport, runImport, type ImportOptions, type ImportPreview, type ImportProgress, type ImportResult, type InputFile } from '../../chat/import';

/**
 * One import as the user drives it: files → reading (cancellable) → the preview → importing
 * (cancellable) → done; or failed / cancelled, with nothing written. The new chats are announced
 * like another tab's changes, so the history lists them at once, here and in every open tab.
 */

export type ImportRun =
  | { state: 'idle' }
  | { state: 'reading'; progress?: ImportProgress }
  | { state: 'preview'; preview: ImportPreview }
  | { state: 'importing'; preview: ImportPreview; progress?: ImportProgress }
  | { state: 'done'; result: ImportResult }
  | { state: 'failed'; error: unknown }
  | { state: 'cancelled' };

export interface ImportBackend {
  previewImport(files: readonly InputFile[], options: ImportOptions): Promise<ImportPreview>;
  runImport(preview: ImportPreview, options: ImportOptions): Promise<ImportResult>;
  persistence(): Promise<ImportOptions['persistence']>;
  announce(chatIds: readonly string[]): void;
  /** Projects were added (issue 23): the library store reads its rows again, so they show at once. */
  reloadLibrary(): Promise<void>;
}

const appBackend: ImportBackend = {
  previewImport,
  runImport,
  persistence: () => getChatStore().attachmentHost().persistence(),
  announce: (chatIds) => announceChats(chatIds),
  reloadLibrary: () => getLibraryStore().reload(),
};

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

export interface ImportRunControls {
  run: ImportRun;
  /** Reads `files` and shows what they hold (a run under way is cancelled first). */
  read(files: readonly InputFile[]): void;
  /** Imports what the preview showed. */
  confirm(): void;
  /** Stops reading or importing (nothing is written), or leaves the preview. */
  cancel(): void;
}

export function useImportRun(backend: ImportBackend = appBackend): ImportRunControls {
  const [run, setRun] = useState<ImportRun>({ state: 'idle' });
  const current = useRef<AbortController | undefined>(undefined);

  // A run left behind (the dialog closed, Settings closed) stops: nothing half-done is kept.
  useEffect(() => () => current.current?.abort(), []);

  const start = () => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    // Only the newest run may change what is shown.
    const update = (next: ImportRun) => {
      if (current.current === controller) setRun(next);
    };
    const fail = (error: unknown) => update(controller.signal.aborted || isAbort(error) ? { state: 'cancelled' } : { state: 'failed', error });
    return { signal: controller.signal, update, fail, isCurrent: () => current.current === controller };
  };

  const read = useCallback(
    (files: readonly InputFile[]) => {
      const { signal, update, fail } = start();
      update({ state: 'reading' });
      void (async () => {
        try {
          const persistence = await backend.persistence();
          const preview = await backend.previewImport(files, { persistence, signal, onProgress: (progress) => update({ state: 'reading', progress }) });
          update({ state: 'preview', preview });
        } catch (error) {
          fail(error);
        }
      })();
    },
    [backend],
  );

  const confirm = () => {
    if (run.state !== 'preview') return;
    const { preview } = run;
    const { signal, update, fail, isCurrent } = start();
    update({ state: 'importing', preview });
    void (async () => {
      try {
        const persistence = await backend.persistence();
        const result = await backend.runImport(preview, { persistence, signal, onProgress: (progress) => update({ state: 'importing', preview, progress }) });
        if (result.chatIds.length > 0) backend.announce(result.chatIds);
        // Stored by now: a failed read leaves them for the next start, it does not fail the import.
        if (result.projects > 0) await backend.reloadLibrary().catch(() => undefined);
        // Written already: a Cancel pressed as it finished is too late, and the outcome must say so.
        if (isCurrent() || current.current === undefined) setRun({ state: 'done', result });
      } catch (error) {
        fail(error);
      }
    })();
  };

  const cancel = useCallback(() => {
    const controller = current.current;
    current.current = undefined;
    controller?.abort();
    setRun({ state: 'cancelled' });
  }, []);

  return { run, read, confirm, cancel };
}
