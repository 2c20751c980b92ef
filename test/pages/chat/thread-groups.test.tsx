// The thread in groups of THREAD_GROUP_SIZE (the keystroke cost of issue 24): still one list of every message, in order.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryPersistence } from '../../../src/chat/persistence/memory-persistence';
import { FIRST_RENDER_MESSAGES } from '../../../src/pages/chat/use-progressive-start';
import { THREAD_GROUP_SIZE } from '../../../src/pages/chat/thread';
import { chat, message } from '../../chat/fixtures';
import { articles, cleanUpStore, installStore, renderChatPage } from './chat-page-kit';

afterEach(() => cleanUpStore());

/** A stored chat of `count` messages, user and assistant in turn, each the next one's parent. */
async function storedChat(count: number) {
  const persistence = createMemoryPersistence();
  const messages = Array.from({ length: count }, (_, i) =>
    message(`m${i}`, i === 0 ? null : `m${i - 1}`, 1_000 + i, { role: i % 2 === 0 ? 'user' : 'assistant', content: `Message ${i}` }),
  );
  await persistence.createChat(chat('c1', 1_000 + count, { title: 'Long one' }), messages);
  installStore(undefined, persistence);
  return messages;
}

const groups = () => [...document.querySelectorAll('.thread__group')];

describe('the thread in groups', () => {
  it('groups the messages by position, 20 to a group, in one list a screen reader counts whole', async () => {
    const count = THREAD_GROUP_SIZE * 2 + 5;
    expect(count).toBeGreaterThan(FIRST_RENDER_MESSAGES);
    await storedChat(count);
    renderChatPage('c1');
    await waitFor(() => expect(articles()).toHaveLength(count), { timeout: 25_000 });
    expect(groups().map((group) => group.querySelectorAll(':scope > [role="listitem"]').length)).toEqual([THREAD_GROUP_SIZE, THREAD_GROUP_SIZE, 5]);
    const list = screen.getByRole('list', { name: 'Messages' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(count);
    expect(items.map((item) => item.dataset.messageId)).toEqual(Array.from({ length: count }, (_, i) => `m${i}`));
    // Every message sits in the group of its position, so revealing older ones never moves a newer one.
    groups().forEach((group, at) =>
      group.querySelectorAll<HTMLElement>(':scope > [role="listitem"]').forEach((item) => {
        expect(Math.floor(Number(item.dataset.messageId!.slice(1)) / THREAD_GROUP_SIZE)).toBe(at);
      }),
    );
  }, 30_000);

  it('a short chat is one group', async () => {
    await storedChat(3);
    renderChatPage('c1');
    await waitFor(() => expect(articles()).toHaveLength(3));
    expect(groups()).toHaveLength(1);
  });
});
