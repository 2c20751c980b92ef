/**
 * Import from other chat apps (ChatGPT, Claude, Open WebUI) and Parley backups: the narrow,
 * light entry. The parsers, the zip reader and the writer load with the first call.
 */
import type { ImportOptions, ImportPreview, ImportResult } from './import-api';
import type { InputFile } from './input-files';

export type { ImportOptions, ImportPreview, ImportProgress, ImportResult } from './import-api';
export type { ImportErrorCode, ImportParams, ImportProblem, ImportProblemCode } from './errors';
export type { InputFile } from './input-files';
export type { ImportApp, ImportParser, SkipCounts, SkipReason } from './types';

const api = () => import('./import-api');

/** Reads and validates the files; says what an import would add. Rejects with an ImportError when a file is not importable. */
export async function previewImport(files: readonly InputFile[], options: ImportOptions): Promise<ImportPreview> {
  return (await api()).previewImport(files, options);
}

/** Stores what the preview found, all or nothing; chats imported before are left out. */
export async function runImport(preview: ImportPreview, options: ImportOptions): Promise<ImportResult> {
  return (await api()).runImport(preview, options);
}

/** Whether a rejection is an ImportError (a code the UI translates) without loading its module. */
export function isImportError(error: unknown): error is import('./errors').ImportError {
  return error instanceof Error && error.name === 'ImportError';
}
