import { connectionOfModel, getConnectionsStore, type ConnectionKind } from '../../chat/connections';

/**
 * The kind of server a chat's model runs on (its own model, else the default), so an error's
 * explanation can name that server's fix: `explainModelError({ ...error, kind: modelKind(chat.model) })`.
 */
export function modelKind(ref: string | undefined): ConnectionKind | undefined {
  const snapshot = getConnectionsStore().getSnapshot();
  return connectionOfModel(snapshot, ref ?? snapshot.defaultModel)?.kind ?? connectionOfModel(snapshot, snapshot.defaultModel)?.kind;
}
