// The artifacts of a chat's shown branch: worked out when asked (a reply ended, the panel is open, a
// block's Open), never on opening a chat, and from each message's text once.
import { useMemo } from 'react';
import { chatById, getChatStore, type Message } from '../../../chat';
import { artifactBlocksOf, artifactsOf, type Artifact, type ArtifactBlock } from '../../../chat/sandbox';
import type { ThreadEntry } from '../../../chat';
import { threadEntriesOf, useSettledThread } from '../../../chat/store/thread-hooks';

/** Each message's blocks, read once per message object: a message that did not change is not read again. */
const blocksByMessage = new WeakMap<Message, readonly ArtifactBlock[]>();

function blocksOfMessage(message: Message): readonly ArtifactBlock[] {
  let blocks = blocksByMessage.get(message);
  if (!blocks) {
    blocks = message.role === 'assistant' ? artifactBlocksOf(message.content, message.status !== 'streaming') : [];
    blocksByMessage.set(message, blocks);
  }
  return blocks;
}

function artifactsOfEntries(entries: readonly ThreadEntry[]): Artifact[] {
  const messages = new Map<string, Message>();
  const sources = entries.map(({ message }) => {
    messages.set(message.id, message);
    return { id: message.id, role: message.role, content: message.content, complete: message.status !== 'streaming', ...(message.revises !== undefined && { revises: message.revises }) };
  });
  return artifactsOf(sources, (source) => blocksOfMessage(messages.get(source.id)!));
}

/** The chat's artifacts now, from the store (outside React: a click, a reply's end). */
export function chatArtifacts(chatId: string): Artifact[] {
  const snapshot = getChatStore().getSnapshot();
  const messages = snapshot.messages.get(chatId) ?? [];
  return artifactsOfEntries(threadEntriesOf(messages, chatById(snapshot.chats, chatId)?.currentLeafId));
}

const NONE: readonly Artifact[] = [];

/** The chat's artifacts while `wanted` (the panel is open on this chat), kept current as replies end; none otherwise. */
export function useChatArtifacts(chatId: string, wanted: boolean): readonly Artifact[] {
  const entries = useSettledThread(chatId);
  return useMemo(() => (wanted ? artifactsOfEntries(entries) : NONE), [entries, wanted]);
}
