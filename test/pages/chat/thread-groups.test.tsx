// The thread in groups of THREAD_GROUP_SIZE, rendered only near the screen (issue 34): one list in
// order, the newest group rendered, every other group a stand-in that find-in-page can open.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryPersistence } from '../../../src/chat/persistence/memory-persistence';
import { THREAD_GROUP_SIZE, WINDOWED_FROM } from '../../../src/pages/chat/thread/thread';
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

const groups = () => [...document.querySelectorAll<HTMLElement>('.thread__group')];
const ids = (group: Element) => [...group.querySelectorAll<HTMLElement>(':scope > [role="listitem"]')].map((item) => item.dataset.messageId);

/** A chat long enough to be windowed: whole groups, and a last group of 3 (the newest, always rendered). */
const LONG = Math.ceil(WINDOWED_FROM / THREAD_GROUP_SIZE) * THREAD_GROUP_SIZE + 3;
const GROUPS = Math.ceil(LONG / THREAD_GROUP_SIZE);
const NEWEST = Array.from({ length: 3 }, (_, i) => `m${LONG - 3 + i}`);

describe('the thread in groups', () => {
  it('renders the newest group; the others stand in, hidden until found, with their text and a height', async () => {
    await storedChat(LONG);
    renderChatPage('c1');
    await waitFor(() => expect(articles()).toHaveLength(3), { timeout: 25_000 });
    expect(groups()).toHaveLength(GROUPS);
    const newest = groups().at(-1)!;
    expect(ids(newest)).toEqual(NEWEST);
    for (const [at, standIn] of groups().slice(0, -1).entries()) {
      expect(standIn.dataset.state).toBe('asleep');
      expect(standIn.getAttribute('hidden')).toBe('until-found');
      // Plain text only: nothing a screen reader or Tab could reach.
      expect(standIn.children).toHaveLength(0);
      expect(standIn.textContent).toBe(Array.from({ length: THREAD_GROUP_SIZE }, (_, i) => `Message ${at * THREAD_GROUP_SIZE + i}`).join('\n\n'));
      expect(standIn.style.getPropertyValue('--group-height')).toMatch(/^[1-9]\d*px$/);
    }
    const list = screen.getByRole('list', { name: 'Messages' });
    expect(within(list).getAllByRole('listitem').map((item) => item.dataset.messageId)).toEqual(NEWEST);
  }, 30_000);

  it('find-in-page opening a stand-in (beforematch) renders its messages, in the group of their position', async () => {
    await storedChat(LONG);
    renderChatPage('c1');
    await waitFor(() => expect(articles()).toHaveLength(3), { timeout: 25_000 });
    act(() => {
      fireEvent(groups()[0]!, new Event('beforematch'));
    });
    await waitFor(() => expect(articles()).toHaveLength(THREAD_GROUP_SIZE + 3));
    expect(ids(groups()[0]!)).toEqual(Array.from({ length: THREAD_GROUP_SIZE }, (_, i) => `m${i}`));
    expect(groups()[1]!.dataset.state).toBe('asleep');
  }, 30_000);

  it('a chat shorter than the window’s threshold is rendered whole, in groups by position', async () => {
    const count = WINDOWED_FROM - 1;
    await storedChat(count);
    renderChatPage('c1');
    await waitFor(() => expect(articles()).toHaveLength(count), { timeout: 25_000 });
    expect(groups()).toHaveLength(Math.ceil(count / THREAD_GROUP_SIZE));
    groups().forEach((group, at) => {
      expect(group.dataset.state).toBeUndefined();
      expect(ids(group)).toEqual(Array.from({ length: Math.min(THREAD_GROUP_SIZE, count - at * THREAD_GROUP_SIZE) }, (_, i) => `m${at * THREAD_GROUP_SIZE + i}`));
    });
  }, 30_000);
});
