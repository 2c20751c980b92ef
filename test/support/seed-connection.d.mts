export function seedConnection(options: {
  baseUrl?: string;
  kind?: string;
  model?: string;
  name?: string;
  /** Several connections as stored (issue 27: an API format, a key); `model` is then a whole `{connectionId}/{modelId}` reference. */
  connections?: Record<string, unknown>[];
}): Promise<void>;
