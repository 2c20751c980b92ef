import { connectionOfModel, getConnectionsStore } from '../../chat/connections';
import type { ModelErrorFacts } from './explain-model-error';

/**
 * What an error's explanation needs of the server a chat's model runs on beyond its kind (issue
 * 27): its wire format and address, so a fix can say "set the format to Anthropic Messages" or
 * name `{base}/responses`. Its own file: only the chat page loads it, never the first screen.
 */
export function modelServer(ref: string | undefined): Pick<ModelErrorFacts, 'api' | 'base'> {
  const snapshot = getConnectionsStore().getSnapshot();
  const connection = connectionOfModel(snapshot, ref ?? snapshot.defaultModel) ?? connectionOfModel(snapshot, snapshot.defaultModel);
  return connection ? { base: connection.baseUrl, ...(connection.api && { api: connection.api }) } : {};
}
