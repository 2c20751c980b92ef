/**
 * A model's context length, where its server tells, for the warning that a message will not fit.
 * Each server says it its own way:
 * - llama.cpp: `/v1/models` entries carry `meta.n_ctx_train` (what the model was trained for);
 *   `/props` says what the server actually loaded: `default_generation_settings.n_ctx`
 * - OpenRouter: `context_length` (and `top_provider.context_length`)
 * - LM Studio (`/api/v0/models`): `max_context_length`, and `loaded_context_length` once loaded
 * - vLLM: `max_model_len`
 * OpenAI and Ollama's `/v1/models` do not say: undefined, and no warning.
 */

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const positive = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : undefined;

/** The context length in a model list entry, preferring what is loaded over what is possible. */
export function contextLengthOf(entry: unknown): number | undefined {
  if (!isObject(entry)) return undefined;
  const meta = isObject(entry.meta) ? entry.meta : {};
  const provider = isObject(entry.top_provider) ? entry.top_provider : {};
  return (
    positive(entry.loaded_context_length) ??
    positive(entry.max_model_len) ??
    positive(entry.context_length) ??
    positive(provider.context_length) ??
    positive(entry.max_context_length) ??
    positive(meta.n_ctx) ??
    positive(meta.n_ctx_train)
  );
}

/** The context a llama.cpp server loaded, from its `/props` answer. */
export function contextLengthOfProps(props: unknown): number | undefined {
  if (!isObject(props)) return undefined;
  const settings = isObject(props.default_generation_settings) ? props.default_generation_settings : {};
  return positive(settings.n_ctx) ?? positive(props.n_ctx);
}

/**
 * The context an Ollama model runs with, from its `/api/show` answer: `num_ctx` in its
 * `parameters` (a Modelfile's `PARAMETER num_ctx 8192`) is what is actually used; else what the
 * model was trained for, `model_info["<architecture>.context_length"]`.
 */
export function contextLengthOfOllamaShow(show: unknown): number | undefined {
  if (!isObject(show)) return undefined;
  const numCtx = typeof show.parameters === 'string' ? /^\s*num_ctx\s+(\d+)\s*$/m.exec(show.parameters)?.[1] : undefined;
  if (numCtx !== undefined) return positive(Number(numCtx));
  const info = isObject(show.model_info) ? show.model_info : {};
  const architecture = typeof info['general.architecture'] === 'string' ? info['general.architecture'] : undefined;
  if (architecture !== undefined && positive(info[`${architecture}.context_length`]) !== undefined) return positive(info[`${architecture}.context_length`]);
  const key = Object.keys(info).find((name) => name.endsWith('.context_length'));
  return key === undefined ? undefined : positive(info[key]);
}

/** The entry for `model` in a `/models` body (`{data:[…]}`, `{models:[…]}` or a bare array). */
export function modelEntry(body: unknown, model: string): unknown {
  const list = Array.isArray(body) ? body : isObject(body) ? (body.data ?? body.models) : undefined;
  if (!Array.isArray(list)) return undefined;
  return list.find((entry) => isObject(entry) && [entry.id, entry.model, entry.name].includes(model));
}

/**
 * Whether an estimate exceeds the context. Strictly over: an estimate is rough, and a warning on
 * a message that would fit exactly is noise. Unknown context: never.
 */
export function exceedsContext(estimatedTokens: number, contextLength: number | undefined): boolean {
  return contextLength !== undefined && estimatedTokens > contextLength;
}
