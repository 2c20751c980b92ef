// Opening a reply's artifact block in the panel: which artifact and version it is, worked out when asked.
import { chatById, getChatStore } from '../../../chat';
import { artifactsOf, versionOfBlock } from '../../../chat/sandbox';
import { threadEntriesOf } from '../../../chat/store/thread-hooks';
import { artifactPanel } from './artifact-panel-store';

/**
 * Finds the block among the artifacts of the chat's shown branch (once, at the click: a thread
 * renders many blocks and none needs this before) and opens the panel on that version.
 */
export function openBlockInPanel(chatId: string, messageId: string, code: string): void {
  const snapshot = getChatStore().getSnapshot();
  const messages = snapshot.messages.get(chatId) ?? [];
  const entries = threadEntriesOf(messages, chatById(snapshot.chats, chatId)?.currentLeafId);
  const artifacts = artifactsOf(entries.map(({ message }) => ({ id: message.id, role: message.role, content: message.content, complete: message.status !== 'streaming' })));
  const found = versionOfBlock(artifacts, messageId, code);
  if (!found) return;
  const latest = found.artifact.versions[found.artifact.versions.length - 1]!;
  artifactPanel.open(chatId, found.artifact.key, { version: found.version === latest ? null : found.version.number });
}
