import { useSyncExternalStore } from 'react';
import { getChatModel, subscribeChatModel } from '../../chat';
import { connectionOfModel, isConnectionsModel, parseModelRef, useConnectionsSnapshot } from '../../chat/connections';

/**
 * Whether a chat's model (its own, else the default) belongs to a connection that was removed:
 * sending would only fail, so the page asks for another model instead. A model plugged in some
 * other way (the e2e build's) is never unavailable.
 */
export function useModelUnavailable(ref: string | undefined): boolean {
  const snapshot = useConnectionsSnapshot();
  const registered = useSyncExternalStore(subscribeChatModel, getChatModel, getChatModel);
  if (!isConnectionsModel(registered) || snapshot.status !== 'ready') return false;
  const chosen = ref ?? snapshot.defaultModel;
  return parseModelRef(chosen) !== undefined && connectionOfModel(snapshot, chosen) === undefined;
}
