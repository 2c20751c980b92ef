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
