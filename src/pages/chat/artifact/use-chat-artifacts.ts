// The artifacts of the chat's shown branch, worked out again when a reply ends, not per streamed token.
import { useMemo } from 'react';
import type { Message } from '../../../chat';
import { artifactBlocksOf, artifactsOf, type Artifact, type ArtifactBlock, type ArtifactSource } from '../../../chat/sandbox';
import { useSettledThread } from '../../../chat/store/thread-hooks';

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

export function useChatArtifacts(chatId: string): readonly Artifact[] {
  const entries = useSettledThread(chatId);
  return useMemo(() => {
    const messages = new Map<string, Message>();
    const sources: ArtifactSource[] = entries.map(({ message }) => {
      messages.set(message.id, message);
      return { id: message.id, role: message.role, content: message.content, complete: message.status !== 'streaming' };
    });
    return artifactsOf(sources, (source) => blocksOfMessage(messages.get(source.id)!));
  }, [entries]);
}
