import type { ChatPersistence } from '../persistence';
import { toStorageError } from '../persistence';
import { throwIfAborted } from './errors';
import { readImport, writeImport, type ImportOptions } from './import-api';
import type { InputFile } from './input-files';
import type { ParsedImport } from './parse-files';
import { sendError, type ImportCommand, type ImportReply, type SentFile } from './worker-protocol';

/**
 * The import worker's side (import-worker.ts starts it; tests drive it through a MessageChannel):
 * reads, parses and validates the files, keeps the parsed chats between preview and run, and
 * writes them in one transaction, all off the page's main thread.
 */

/** Where the worker stores: opened for each command and closed after, so it never holds up another tab's upgrade. */
export interface ImportStorage {
  persistence: ChatPersistence;
  close(): void;
}

export interface ImportPort {
  postMessage(reply: ImportReply): void;
  onmessage: ((event: MessageEvent<ImportCommand>) => void) | null;
}

/** A sent file as the parsers read it: the Blob's bytes are read here, never on the page. */
function inputOf({ name, blob }: SentFile): InputFile {
  return {
    name,
    size: blob.size,
    slice: (start, end) => blob.slice(start, end),
    text: () => blob.text(),
    arrayBuffer: () => blob.arrayBuffer(),
  };
}

export function serveImport(port: ImportPort, openStorage: () => Promise<ImportStorage>): void {
  const previews = new Map<number, ParsedImport>();
  const running = new Map<number, AbortController>();

  /** Runs one command with its own abort controller; its storage is closed whatever happens. */
  async function answer(id: number, work: (options: ImportOptions) => Promise<ImportReply>): Promise<void> {
    const controller = new AbortController();
    running.set(id, controller);
    let storage: ImportStorage | undefined;
    try {
      try {
        storage = await openStorage();
      } catch (error) {
        throw toStorageError(error);
      }
      const options: ImportOptions = {
        persistence: storage.persistence,
        signal: controller.signal,
        onProgress: (progress) => port.postMessage({ type: 'progress', id, progress }),
      };
      port.postMessage(await work(options));
    } catch (error) {
      port.postMessage({ type: 'error', id, error: sendError(error, controller.signal.aborted) });
    } finally {
      running.delete(id);
      storage?.close();
    }
  }

  port.onmessage = ({ data: command }) => {
    switch (command.type) {
      case 'preview':
        void answer(command.id, async (options) => {
          const { preview, parsed } = await readImport(command.files.map(inputOf), options);
          // A cancel that came while the stored chats were listed: the page has already let go.
          throwIfAborted(options.signal);
          previews.set(command.id, parsed);
          return { type: 'preview', id: command.id, preview };
        });
        return;
      case 'run': {
        const parsed = previews.get(command.previewId);
        if (!parsed) return port.postMessage({ type: 'error', id: command.id, error: { kind: 'unknown-preview' } });
        void answer(command.id, async (options) => {
          const result = await writeImport(parsed, options);
          // Only the sources stay: running the preview again finds every chat imported, as on the page.
          parsed.chats = parsed.chats.map((chat) => ({ ...chat, messages: [] }));
          return { type: 'result', id: command.id, result };
        });
        return;
      }
      case 'cancel':
        running.get(command.id)?.abort(new DOMException('The import was cancelled', 'AbortError'));
        // A preview cancelled while it was read is never run: it would only hold memory.
        previews.delete(command.id);
        return;
      case 'drop':
        previews.delete(command.previewId);
        return;
    }
  };
}
