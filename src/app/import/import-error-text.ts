import { isolatedName } from '../../lib/bidi-controls';
import { isImportError } from '../../chat/import';
import { t, type MessageKey } from './import-text';

const FORMATS = ['chatgpt', 'claude', 'openwebui', 'parley-backup'];

/** A format's name as people know it ("chatgpt" → "ChatGPT"); an unknown one as it came. */
export function formatName(app: string): string {
  return FORMATS.includes(app) ? t(`import.format.${app}` as MessageKey) : app;
}

/**
 * Why an import failed, in words: an ImportError's code and params through the catalogue (which
 * file, which conversation, what was expected); any other failure is the browser's storage.
 */
export function importFailureText(error: unknown): string {
  if (!isImportError(error)) {
    const reason = error instanceof Error ? error.message : String(error);
    return t('import.ui.failed', { reason: t('import.ui.storage', { reason }) });
  }
  const params: Record<string, string | number> = { ...error.params };
  if (typeof params.file === 'string') params.file = isolatedName(params.file);
  if (typeof params.expected === 'string') params.expected = formatName(params.expected);
  if (error.problem) params.problem = t(`import.problem.${error.problem.code}` as MessageKey, error.problem.params);
  return t('import.ui.failed', { reason: t(`import.error.${error.code}` as MessageKey, params) });
}
