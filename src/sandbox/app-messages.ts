// The shape check of what the app says to the sandbox's program (issue 36): the port is the app's,
// but the program checks each message anyway before acting on it, as the app checks the sandbox's.
import { isId, isOneOf, isPlainObject, MAX_ARTIFACT_CHARS, MAX_RUNTIME_CHARS, PREVIEW_KINDS, RUN_LANGUAGES, RUNTIME_NAMES, type PreviewKind, type RunLanguage, type RuntimeName } from '../lib/sandbox-wire';

/** Show `source` as `kind` (replacing what was shown); `id` tags this render's reports. */
export type RenderMessage = { type: 'render'; id: number; kind: PreviewKind; source: string };
/** A runtime's code, fetched by the app from Parley's build; run in the artifact's frame before an artifact that needs it. */
export type RuntimeMessage = { type: 'runtime'; name: RuntimeName; code: string };
/** Run `code` (a block the user chose to run) in a worker of its own; `id` tags its output and its end. */
export type RunMessage = { type: 'run'; id: number; language: RunLanguage; code: string };
/** End run `id` now (the user's Stop): its worker is terminated. */
export type StopMessage = { type: 'stop'; id: number };
export type AppMessage = RenderMessage | RuntimeMessage | RunMessage | StopMessage;

const KEYS: Record<AppMessage['type'], string> = { render: 'id,kind,source,type', runtime: 'code,name,type', run: 'code,id,language,type', stop: 'id,type' };


/**
 * `data` as a message from the app when it is exactly one of AppMessage's shapes, else null. A
 * runtime's code goes into an inline <script> of the artifact's frame: one holding `</script` would
 * end it early, so it is refused (build.mjs refuses to write such a runtime in the first place).
 */
export function readAppMessage(data: unknown): AppMessage | null {
  if (!isPlainObject(data) || typeof data.type !== 'string' || !Object.hasOwn(KEYS, data.type)) return null;
  if (Object.keys(data).sort().join(',') !== KEYS[data.type as AppMessage['type']]) return null;
  if (data.type === 'render') {
    const { id, kind, source } = data;
    return isId(id) && isOneOf(PREVIEW_KINDS, kind) && typeof source === 'string' && source.length <= MAX_ARTIFACT_CHARS ? { type: 'render', id, kind, source } : null;
  }
  if (data.type === 'run') {
    const { id, language, code } = data;
    return isId(id) && isOneOf(RUN_LANGUAGES, language) && typeof code === 'string' && code.length <= MAX_ARTIFACT_CHARS ? { type: 'run', id, language, code } : null;
  }
  if (data.type === 'stop') return isId(data.id) ? { type: 'stop', id: data.id } : null;
  const { name, code } = data;
  return isOneOf(RUNTIME_NAMES, name) && typeof code === 'string' && code.length <= MAX_RUNTIME_CHARS && !/<\/script/i.test(code) ? { type: 'runtime', name, code } : null;
}
