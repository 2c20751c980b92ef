/**
 * Import from other chat apps (ChatGPT, Claude, Open WebUI) and Parley backups: the narrow,
 * light entry. The whole import runs in a worker when the build has one and the chats are in
 * IndexedDB; else (unit tests, no Worker, storage in memory) on the page, in slices. Either
 * way the parsers, the zip reader and the writer load with the first call.
 */
import type { ImportOptions, ImportPreview, ImportResult } from './import-api';
import type { InputFile } from './input-files';
import type { ImportClient, ImportWorkerLike } from './worker-client';
import { LAST_IMPORT_KEY } from '../backup';
import { importSettings } from './configure-import';

export type { ImportOptions, ImportPreview, ImportProgress, ImportResult } from './import-api';
export type { ImportErrorCode, ImportParams, ImportProblem, ImportProblemCode } from './errors';
export type { InputFile } from './input-files';
export { configureImport, type ImportSettings } from './configure-import';
export type { ImportApp, ImportParser, SkipCounts, SkipReason } from './types';

const api = () => import('./import-api');

/** The client of the worker at `url`: one worker serves every import. */
let client: { url: string; ready: Promise<ImportClient> } | undefined;

function workerClient(url: string): Promise<ImportClient> {
  if (client?.url !== url) {
    const ready = import('./worker-client').then(({ createImportClient }) => createImportClient(() => new Worker(url, { type: 'module' }) as unknown as ImportWorkerLike));
    client = { url, ready };
  }
  return client.ready;
}

/**
 * The worker opens IndexedDB itself, so it serves only a store that is there (memory storage
 * lives in this page), and is handed only real Blobs, which cross to it without copying.
 */
function usesWorker(files: readonly InputFile[], options: ImportOptions): boolean {
  const { workerUrl } = importSettings();
  return workerUrl !== undefined && typeof Worker === 'function' && options.persistence.kind === 'indexeddb' && files.every((file) => file instanceof Blob);
}

/** Reads and validates the files; says what an import would add. Rejects with an ImportError when a file is not importable. */
export async function previewImport(files: readonly InputFile[], options: ImportOptions): Promise<ImportPreview> {
  if (usesWorker(files, options)) return (await workerClient(importSettings().workerUrl!)).previewImport(files, options);
  return (await api()).previewImport(files, options);
}

/**
 * Stores what the preview found, all or nothing; chats imported before are left out. Records when
 * chats came in: the backup reminder counts from it, not from the imported chats' own dates.
 */
export async function runImport(preview: ImportPreview, options: ImportOptions & { now?(): number }): Promise<ImportResult> {
  const inWorker = client && (await client.ready.catch(() => undefined));
  const result = inWorker?.owns(preview) ? await inWorker.runImport(preview, options) : await (await api()).runImport(preview, options);
  if (result.chats > 0) await options.persistence.putSetting(LAST_IMPORT_KEY, (options.now ?? Date.now)());
  return result;
}

/** Whether a rejection is an ImportError (a code the UI translates) without loading its module. */
export function isImportError(error: unknown): error is import('./errors').ImportError {
  return error instanceof Error && error.name === 'ImportError';
}
