import type { ChatDelta, ChatModel, ChatModelRequest } from '../model';
import type { ConnectionsModelOptions } from './connections-routing';
import type { ConnectionsStore } from './connections-store';

/**
 * The ChatModel the app registers: it routes each request to the connection its model reference
 * names (connections-routing.ts, loaded with the first request rather than the first screen).
 */

export type { ConnectionsModelOptions } from './connections-routing';

/** Marks the routing model, so the app can tell it from a model plugged in some other way (the e2e build's). */
export const CONNECTIONS_MODEL = Symbol('parley.connectionsModel');

export interface ConnectionsModel extends ChatModel {
  readonly [CONNECTIONS_MODEL]: true;
  title(request: ChatModelRequest): Promise<string>;
}

export function isConnectionsModel(model: ChatModel | null | undefined): model is ConnectionsModel {
  return !!model && CONNECTIONS_MODEL in model;
}

export function createConnectionsModel(store: ConnectionsStore, options: ConnectionsModelOptions = {}): ConnectionsModel {
  let routing: Promise<ChatModel & { title(request: ChatModelRequest): Promise<string> }> | undefined;
  const router = () =>
    (routing ??= import('./connections-routing').then(
      (module) => module.createConnectionsRouting(store, options),
      (error: unknown) => {
        // Offline or redeployed: the next request asks for the code again.
        routing = undefined;
        throw error;
      },
    ));
  return {
    [CONNECTIONS_MODEL]: true,
    async *stream(request: ChatModelRequest): AsyncIterable<ChatDelta> {
      yield* (await router()).stream(request);
    },
    async title(request: ChatModelRequest): Promise<string> {
      return (await router()).title(request);
    },
  };
}
