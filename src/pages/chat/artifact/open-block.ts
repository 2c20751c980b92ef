// Opening a reply's artifact block in the panel: which artifact and version it is, worked out when asked.
import { versionOfBlock } from '../../../chat/sandbox';
import { artifactPanel } from './artifact-panel-store';
import { chatArtifacts } from './use-chat-artifacts';

/**
 * Finds the block among the artifacts of the chat's shown branch (once, at the click: a thread
 * renders many blocks and none needs this before) and opens the panel on that version.
 */
export function openBlockInPanel(chatId: string, messageId: string, code: string): void {
  const found = versionOfBlock(chatArtifacts(chatId), messageId, code);
  if (!found) return;
  const latest = found.artifact.versions[found.artifact.versions.length - 1]!;
  artifactPanel.open(chatId, found.artifact.key, { version: found.version === latest ? null : found.version.number });
}
