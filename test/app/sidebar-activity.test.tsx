import { act, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetChatModel, resetChatStore, setChatModel, type ChatStore } from '../../src/chat';
import { resetToasts } from '../../src/ui/toast';
import { createGate, createScriptedModel, textSteps } from '../support/scripted-model';
import { nav, renderLayout, seed, settle } from './layout-harness';

afterEach(() => {
  resetChatStore();
  resetChatModel();
  resetToasts();
});

const entry = (title: string) => within(nav()).getByRole('link', { name: new RegExp(`^${title}`) });

async function idle(store: ChatStore) {
  await act(
    () =>
      new Promise<void>((resolve) => {
        const check = () => store.getSnapshot().generating.size === 0 && (unsubscribe(), resolve());
        const unsubscribe = store.subscribe(check);
        check();
      }),
  );
}

describe('the activity mark of a chat replying in the background', () => {
  it('names the entry "Replying…" with a visible mark while its reply streams off screen, and only then', async () => {
    const gate = createGate();
    setChatModel(createScriptedModel({ replies: [[...textSteps('Working on it'), { gate }]] }));
    const { history, store } = await renderLayout({ path: '/', seeds: [seed('a', Date.now(), { title: 'Plan the trip' }), seed('b', Date.now() - 1)] });
    expect(within(entry('Plan the trip')).queryByRole('img')).toBeNull();

    await act(async () => {
      await store.sendMessage('a', 'Where to?');
    });
    await settle();
    const link = entry('Plan the trip');
    // The mark is a shape (an icon), named for assistive technology: the link reads "Plan the trip Replying…".
    const mark = within(link).getByRole('img', { name: 'Replying…' });
    expect(mark.tagName.toLowerCase()).toBe('svg');
    expect(link.closest('li')!.dataset.activity).toBe('replying');
    expect(within(entry('Chat b')).queryByRole('img')).toBeNull();

    // On screen, the chat shows its own reply streaming: no mark in the sidebar.
    await act(async () => history.push('/chat/a'));
    await settle();
    expect(within(entry('Plan the trip')).queryByRole('img', { name: 'Replying…' })).toBeNull();

    await act(async () => history.push('/'));
    await settle();
    expect(within(entry('Plan the trip')).getByRole('img', { name: 'Replying…' })).toBeTruthy();

    gate.open();
    await idle(store);
    await settle();
    expect(within(entry('Plan the trip')).queryByRole('img', { name: 'Replying…' })).toBeNull();
    expect(entry('Plan the trip').closest('li')!.dataset.activity).toBeUndefined();
  });
});
