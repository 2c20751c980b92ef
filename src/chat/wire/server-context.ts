import { contextLengthOfOllamaShow, contextLengthOfProps } from '../attachments';
import { createTransport, type OpenAiConnection, type TransportOptions } from './transport';

/**
 * Asks a local server the context it actually runs a model with, where its model list did not
 * say (issue 24): llama.cpp's `GET /props` (`n_ctx`), Ollama's `POST /api/show` (`num_ctx`, else
 * the model's trained length). Both live at the server's root, beside the `/v1` API.
 */

export type ServerContextSource = 'props' | 'show';

export interface ServerContext {
  tokens: number;
  source: ServerContextSource;
}

/** The server's root: the base URL without its trailing `/v1`. */
export const serverRoot = (baseUrl: string): string => baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '');

/** Undefined when the server does not say (or cannot be asked): the meter then shows no context. */
export async function serverContext(connection: OpenAiConnection, kind: 'ollama' | 'llamacpp', model: string, options: TransportOptions & { signal?: AbortSignal } = {}): Promise<ServerContext | undefined> {
  const transport = createTransport({ ...connection, baseUrl: serverRoot(connection.baseUrl) }, { ...options, probe: null });
  try {
    if (kind === 'llamacpp') {
      const response = await transport.request('props', { method: 'GET', accept: 'application/json', signal: options.signal });
      const tokens = response.ok ? contextLengthOfProps(await response.json()) : undefined;
      return tokens === undefined ? undefined : { tokens, source: 'props' };
    }
    const response = await transport.request('api/show', { method: 'POST', accept: 'application/json', json: { model }, signal: options.signal });
    const tokens = response.ok ? contextLengthOfOllamaShow(await response.json()) : undefined;
    return tokens === undefined ? undefined : { tokens, source: 'show' };
  } catch {
    // Unreachable, refused or not JSON: the figure is simply unknown.
    return undefined;
  }
}
