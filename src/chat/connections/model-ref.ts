/**
 * A chosen model is stored as one string, `{connectionId}/{modelId}` (in a chat's `model` and as
 * the default), so it names both the server and the model. Model ids may contain slashes
 * (`meta-llama/Llama-3.1-8B`); connection ids never do, so the reference splits at the first one.
 */

export interface ModelRefParts {
  connectionId: string;
  modelId: string;
}

export function modelRef(connectionId: string, modelId: string): string {
  if (connectionId === '' || connectionId.includes('/')) throw new Error(`Not a connection id: ${connectionId}`);
  return `${connectionId}/${modelId}`;
}

/** The parts of a reference; undefined for a string that is not one (no `/`, or an empty part). */
export function parseModelRef(ref: string | undefined | null): ModelRefParts | undefined {
  if (!ref) return undefined;
  const slash = ref.indexOf('/');
  if (slash <= 0 || slash === ref.length - 1) return undefined;
  return { connectionId: ref.slice(0, slash), modelId: ref.slice(slash + 1) };
}

/** The model id to show for a reference (a string that is not a reference is shown whole). */
export function modelIdOf(ref: string): string {
  return parseModelRef(ref)?.modelId ?? ref;
}
