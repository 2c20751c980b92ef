import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Chat, Message, ToolCall } from '../../../src/chat';
import { createMemoryPersistence } from '../../../src/chat/persistence/memory-persistence';
import { configureToolSettings, getToolSettingsStore, resetToolSettings } from '../../../src/chat/mcp';
import { cleanUpStore, installStore, lastArticle, renderChatPage } from './chat-page-kit';

// Stop at every point of a tools turn (issue 16): calls waiting for approval (or running) keep the
// composer's Stop, which cancels them; meanwhile their reply offers no Regenerate or Delete.

const AT = Date.UTC(2026, 0, 1);

beforeEach(async () => {
  configureToolSettings({ load: async () => ({ servers: [{ id: 's1', label: 'Files', url: 'http://127.0.0.1:9/mcp' }], policies: {}, stepLimit: 10 }), save: async () => {} });
  await getToolSettingsStore().init();
});
afterEach(() => {
  cleanUpStore();
  resetToolSettings();
});

const call = (index: number, state: ToolCall['state']): ToolCall => ({
  index,
  id: `call_${index}`,
  name: 'files__echo',
  tool: 'echo',
  serverId: 's1',
  arguments: `{"text":"t${index}"}`,
  state,
});

/** A chat stored as a reload leaves it: the reply's calls in the given states. */
async function chatWithCalls(states: ToolCall['state'][]) {
  const persistence = createMemoryPersistence();
  const chat: Chat = { id: 'c1', title: 'Tools', titleSource: 'user', createdAt: AT, updatedAt: AT, pinned: false, currentLeafId: 'a1', toolServers: ['s1'] };
  const user: Message = { id: 'u1', chatId: 'c1', parentId: null, role: 'user', content: 'call echo', status: 'complete', createdAt: AT };
  const reply: Message = {
    id: 'a1',
    chatId: 'c1',
    parentId: 'u1',
    role: 'assistant',
    content: '',
    status: 'complete',
    finishReason: 'tool_calls',
    toolCalls: states.map((state, index) => call(index, state)),
    createdAt: AT + 1,
  };
  await persistence.putChat(chat);
  await persistence.putMessage(user);
  await persistence.putMessage(reply);
  installStore(undefined, persistence);
  renderChatPage('c1');
  return within(await screen.findByRole('article', { name: 'Assistant' }));
}

describe('Stop while tool calls wait or run', () => {
  it('a pending call keeps Stop in the composer and hides Regenerate and Delete; Stop cancels it', async () => {
    const reply = await chatWithCalls(['done', 'pending']);
    const stop = await screen.findByRole('button', { name: 'Stop generating' });
    expect(reply.getAllByRole('listitem', { name: 'echo' }).map((card) => card.dataset.state)).toEqual(['done', 'pending']);
    expect(reply.queryByRole('button', { name: 'Regenerate' })).toBeNull();
    expect(reply.queryByRole('button', { name: 'Delete message' })).toBeNull();

    fireEvent.click(stop);
    await waitFor(() =>
      expect(within(lastArticle('Assistant')).getAllByRole('listitem', { name: 'echo' }).map((card) => card.dataset.state)).toEqual(['done', 'cancelled']),
    );
    expect(screen.queryByRole('button', { name: 'Stop generating' })).toBeNull();
    expect(await within(lastArticle('Assistant')).findByRole('button', { name: 'Regenerate' })).toBeTruthy();
    expect(within(lastArticle('Assistant')).getByRole('button', { name: 'Delete message' })).toBeTruthy();
  });

  it('settled calls leave the composer with Send and the reply with its actions', async () => {
    const reply = await chatWithCalls(['done', 'denied']);
    expect(await reply.findByRole('button', { name: 'Regenerate' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Stop generating' })).toBeNull();
  });
});
