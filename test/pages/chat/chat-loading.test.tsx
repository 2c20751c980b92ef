import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChatPersistence } from '../../../src/chat';
import { createMemoryPersistence } from '../../../src/chat/persistence/memory-persistence';
import { CHAT_LOADING_DELAY_MS } from '../../../src/pages/chat/chat-loading';
import { createGate, createScriptedModel, textSteps } from '../../support/scripted-model';
import { cleanUpStore, installStore, lastArticle, renderChatPage, textOf } from './chat-page-kit';

afterEach(() => {
  cleanUpStore();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A stored chat whose messages are read only when the gate opens (a slow disk). */
async function storedChatWithSlowMessages() {
  const persistence = createMemoryPersistence();
  const writer = installStore(createScriptedModel({ replies: [textSteps('Stored answer')] }), persistence);
  const { chatId } = await writer.createChat({ text: 'Stored question' });
  writer.takePendingReply(chatId);
  await waitFor(() => expect(writer.getSnapshot().generating.size).toBe(0));
  const gate = createGate();
  const slow: ChatPersistence = Object.create(persistence);
  slow.listMessages = async (id) => {
    await gate.opened;
    return persistence.listMessages(id);
  };
  const model = createScriptedModel({ replies: [textSteps('unused')] });
  installStore(model, slow);
  return { chatId, gate, model };
}

describe('chat page loading', () => {
  it('shows the known title at once, says "Loading chat…" only after the delay, then the messages', async () => {
    const { chatId, gate, model } = await storedChatWithSlowMessages();
    renderChatPage(chatId);
    await screen.findByRole('heading', { level: 1, name: 'Stored question' });
    expect(screen.queryByText('Loading chat…')).toBeNull();
    await sleep(CHAT_LOADING_DELAY_MS + 50);
    await screen.findByText('Loading chat…');
    gate.open();
    await waitFor(() => expect(textOf(lastArticle('Assistant'))).toBe('Stored answer'));
    expect(screen.queryByText('Loading chat…')).toBeNull();
    // An old chat asks the model for nothing.
    expect(model.calls).toHaveLength(0);
  });
});
