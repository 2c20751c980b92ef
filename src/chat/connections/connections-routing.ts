import { ChatModelError, type ChatDelta, type ChatModel, type ChatModelRequest } from '../model';
import type { OpenAiConnection } from '../wire';
import type { Connection } from './connection';
import { deferredModel } from '../model';
import type { ModelPreferences } from './model-preferences';
import { getModelPreferences } from './model-preferences-instance';
import type { ConnectionsStore } from './connections-store';
import { connectionById, requestKey, toOpenAiConnection } from './model-lists';
import { parseModelRef } from './model-ref';
import { createPacing, type ReadSlots } from './connection-pacing';

/**
 * The routing of the ChatModel the app registers (connections-model.ts): each request goes to
 * the connection its model reference names (`{connectionId}/{modelId}`, or the default model
 * when the chat has none), which gets the bare model id. One client per connection is kept, so
 * what it learned about the server (that it refuses `stream_options`) lasts; it is rebuilt when
 * the address, key or headers change. Each request waits for a place on its connection first
 * (connection-pacing.ts), and holds it until its stream has ended, failed or been stopped.
 */

/** How createConnectionsModel (connections-model.ts) routes; defined here, where it is used, so the model only imports the routing lazily. */
export interface ConnectionsModelOptions {
  /** Builds the client for one connection; the OpenAI-compatible one by default (tests record calls here). */
  createModel?: (connection: OpenAiConnection) => ChatModel;
  /** Whether titles are generated and by which model; the app's preferences by default. */
  preferences?: ModelPreferences;
  /** How a connection's slots are read (llama.cpp's `/props`); the real request by default. */
  readSlots?: ReadSlots;
}

/** The slots a llama.cpp server reports, its request loaded with the first connection that may have them. */
const readServerSlots: ReadSlots = (connection) => import('../wire/server-slots').then((module) => module.serverSlots(toOpenAiConnection(connection)));

/** The routing itself, loaded with the first request (connections-model.ts). */
export function createConnectionsRouting(store: ConnectionsStore, options: ConnectionsModelOptions = {}): ChatModel & { title(request: ChatModelRequest): Promise<string> } {
  const createModel =
    options.createModel ??
    ((connection: OpenAiConnection) => deferredModel(() => import('../providers/api-model').then((module) => module.createApiModel(connection))));
  const clients = new Map<string, { key: string; model: ChatModel }>();
  const preferences = () => options.preferences ?? getModelPreferences();
  const pacing = createPacing(options.readSlots ?? readServerSlots);

  const clientFor = (connection: Connection): ChatModel => {
    const key = requestKey(connection);
    const cached = clients.get(connection.id);
    if (cached?.key === key) return cached.model;
    const model = createModel(toOpenAiConnection(connection));
    clients.set(connection.id, { key, model });
    return model;
  };

  /** The connection's client and the bare model id for a request, or a 'no-model' error saying what is missing. */
  const resolve = async (requested: string | undefined): Promise<{ model: ChatModel; modelId: string; connection: Connection }> => {
    await store.init();
    const snapshot = store.getSnapshot();
    for (const id of clients.keys()) if (!connectionById(snapshot, id)) clients.delete(id);
    const ref = requested || snapshot.defaultModel;
    if (snapshot.connections.length === 0) {
      throw new ChatModelError('no-model', 'No model server is connected', { reason: 'no-connection' });
    }
    if (!ref) throw new ChatModelError('no-model', 'No model is chosen', { reason: 'no-model-chosen' });
    const parts = parseModelRef(ref);
    // A bare model id (a chat from before connections existed) goes to the default model's server.
    const connectionId = parts?.connectionId ?? parseModelRef(snapshot.defaultModel)?.connectionId;
    const connection = connectionById(snapshot, connectionId);
    if (!connection) {
      throw new ChatModelError('no-model', `The connection of the model “${parts?.modelId ?? ref}” was removed`, {
        reason: 'connection-removed',
      });
    }
    return { model: clientFor(connection), modelId: parts ? parts.modelId : ref, connection };
  };

  return {
    async *stream(request: ChatModelRequest): AsyncIterable<ChatDelta> {
      const { model, modelId, connection } = await resolve(request.model);
      if (request.signal.aborted) return;
      // Stopped while waiting its turn: nothing was sent, the reply keeps what it has (nothing).
      const release = await pacing.acquire(connection, request.signal);
      if (!release) return;
      try {
        yield* model.stream({ ...request, model: modelId });
      } finally {
        release();
      }
    },

    async title(request: ChatModelRequest): Promise<string> {
      const prefs = preferences();
      await prefs.init();
      const { generate, model: titleModel } = prefs.getSnapshot().titles;
      // Off: no request at all; the chat keeps the first line of its first message, as after a failed request.
      if (!generate) throw new ChatModelError('unknown', 'Title generation is turned off', { reason: 'titles-off' });
      await store.init();
      // The title model only while its connection exists; else the chat's own model still gives a title.
      const chosen = titleModel && connectionById(store.getSnapshot(), parseModelRef(titleModel)?.connectionId) ? titleModel : request.model;
      const { model, modelId, connection } = await resolve(chosen);
      if (!model.title) throw new ChatModelError('unknown', 'This model offers no titles');
      // A title queues like a reply: on a one-slot server it would otherwise meet the next
      // compared reply (a 503, or a reply held back behind it), and a title can wait.
      const release = await pacing.acquire(connection, request.signal);
      if (!release) throw new ChatModelError('unknown', 'The title request was cancelled');
      try {
        return await model.title({ ...request, model: modelId });
      } finally {
        release();
      }
    },
  };
}
