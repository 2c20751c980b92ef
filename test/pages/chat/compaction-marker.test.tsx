// Issue 24: the compaction marker in the thread (expand, edit, undo, redo), "Summarise earlier
// messages" and its failure beside the thread, and pins, on the real chat page over a memory store.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SUMMARY_INSTRUCTION } from '../../../src/chat/replies/compaction-plan';
import { WHEN_FULL_SETTING } from '../../../src/chat/replies/compaction-actions';
import { createChatModelRegistry, createChatStore, resetChatStore } from '../../../src/chat';
import { createMemoryPersistence } from '../../../src/chat/persistence/memory-persistence';
import { createScriptedModel, textSteps } from '../../support/scripted-model';
import { chat, message } from '../../chat/fixtures';
import { articles, cleanUpStore, installStore, lastArticle, renderChatPage, settle, textOf } from './chat-page-kit';

afterEach(() => {
  cleanUpStore();
});

/** Markup in the summary must stay text. */
const SUMMARY = 'They asked <b>one</b> and two.';

/** A chat of three exchanges; a summary request gets SUMMARY (or fails when `failSummary`). */
async function chatOfThree({ failSummary = false } = {}) {
  let replies = 0;
  const model = createScriptedModel({
    replies: (request) => {
      if (request.messages[0]?.content === SUMMARY_INSTRUCTION) return failSummary ? [{ error: new Error('Server said no') }] : textSteps(SUMMARY);
      return textSteps(`Reply ${++replies}`);
    },
  });
  const store = installStore(model);
  const { chatId } = await store.createChat({ text: 'one' });
  renderChatPage(chatId);
  await waitFor(() => expect(textOf(lastArticle('Assistant'))).toBe('Reply 1'));
  for (const [text, reply] of [['two', 'Reply 2'], ['three', 'Reply 3']] as const) {
    await store.sendMessage(chatId, text);
    await waitFor(() => expect(textOf(lastArticle('Assistant'))).toBe(reply));
  }
  await within(lastArticle('Assistant')).findByRole('button', { name: 'Regenerate' });
  return { model, store, chatId };
}

const marker = () => screen.getByRole('region', { name: 'Earlier messages summarised' });

describe('compaction on the chat page', () => {
  it('summarises from the header; the marker shows the figures, expands to the summary as text, edits, undoes and redoes', async () => {
    const { model } = await chatOfThree();
    fireEvent.click(screen.getByRole('button', { name: 'Summarise earlier messages' }));
    await waitFor(() => expect(marker()).toBeTruthy());
    expect(model.calls.at(-1)!.messages[1]!.content).toBe('User: one\n\nAssistant: Reply 1');
    expect(within(marker()).getByText('2 messages summarised · 3 → 8 tokens')).toBeTruthy();
    // Where it happened: after the first exchange, before "two".
    const items = [...document.querySelectorAll('.thread__item')].map((li) => li.getAttribute('data-role'));
    expect(items).toEqual(['user', 'assistant', 'compaction', 'user', 'assistant', 'user', 'assistant']);

    const toggle = within(marker()).getByText('Summary');
    const details = toggle.closest('details')!;
    expect(details.open).toBe(false);
    fireEvent.click(toggle);
    details.open = true;
    details.dispatchEvent(new Event('toggle'));
    const text = marker().querySelector('.compaction__text')!;
    expect(text.textContent).toBe(SUMMARY);
    expect(text.querySelector('b')).toBeNull();

    fireEvent.click(within(marker()).getByRole('button', { name: 'Edit summary' }));
    const field = within(marker()).getByRole('textbox', { name: 'Summary of the earlier messages' }) as HTMLTextAreaElement;
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: 'My own summary.' } });
    fireEvent.click(within(marker()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(marker().querySelector('.compaction__text')?.textContent).toBe('My own summary.'));
    expect(within(marker()).getByText('Edited')).toBeTruthy();

    // Escape cancels an edit and keeps the summary.
    fireEvent.click(within(marker()).getByRole('button', { name: 'Edit summary' }));
    fireEvent.keyDown(within(marker()).getByRole('textbox'), { key: 'Escape' });
    expect(within(marker()).queryByRole('textbox')).toBeNull();

    fireEvent.click(within(marker()).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(marker().dataset.state).toBe('undone'));
    expect(within(marker()).getByText(/Undone: the full history is sent again/)).toBeTruthy();
    fireEvent.click(within(marker()).getByRole('button', { name: 'Redo' }));
    await waitFor(() => expect(marker().dataset.state).toBe('active'));
    expect(within(marker()).getByRole('button', { name: 'Undo' })).toBeTruthy();
  });

  it('"Summarise up to here" puts the marker after that message', async () => {
    await chatOfThree();
    const second = articles('Assistant')[1]!;
    fireEvent.click(within(second).getByRole('button', { name: 'Summarise up to here' }));
    await waitFor(() => expect(marker()).toBeTruthy());
    expect(within(marker()).getByText(/^4 messages summarised/)).toBeTruthy();
    const items = [...document.querySelectorAll('.thread__item')].map((li) => li.getAttribute('data-role'));
    expect(items).toEqual(['user', 'assistant', 'user', 'assistant', 'compaction', 'user', 'assistant']);
  });

  it('a failed summary is said beside the thread and changes nothing', async () => {
    await chatOfThree({ failSummary: true });
    fireEvent.click(screen.getByRole('button', { name: 'Summarise earlier messages' }));
    await waitFor(() => expect(screen.getByText(/Could not summarise: Server said no\. Nothing was changed\./)).toBeTruthy());
    expect(screen.queryByRole('region', { name: 'Earlier messages summarised' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await settle();
    expect(screen.queryByText(/Could not summarise/)).toBeNull();
  });

  it('an automatic summary that fails before a send is said beside the thread; the message still goes', async () => {
    const persistence = createMemoryPersistence();
    await persistence.putSetting(WHEN_FULL_SETTING, 'summarise');
    const model = createScriptedModel({
      replies: (request) => (request.messages[0]?.content === SUMMARY_INSTRUCTION ? [{ error: new Error('Server said no') }] : textSteps('Reply')),
    });
    const models = createChatModelRegistry();
    models.set(model);
    // A context of 10 tokens: three exchanges and a fourth message do not fit.
    const store = createChatStore({ persistence, models, broadcast: null, win: null, doc: null, locks: null, contextLength: () => 10 });
    resetChatStore(store);
    const { chatId } = await store.createChat({ text: 'one' });
    renderChatPage(chatId);
    await waitFor(() => expect(textOf(lastArticle('Assistant'))).toBe('Reply'));
    for (const text of ['two', 'three', 'four']) {
      await store.sendMessage(chatId, text);
      await waitFor(() => expect(articles('Assistant')).toHaveLength(['two', 'three', 'four'].indexOf(text) + 2));
    }
    await waitFor(() => expect(screen.getByText(/Could not summarise: Server said no\. Nothing was changed\./)).toBeTruthy());
    expect(articles('You').map((article) => textOf(article))).toContain('four');
    expect(screen.queryByRole('region', { name: 'Earlier messages summarised' })).toBeNull();
  });

  it('pins and unpins a message, with a quiet mark while pinned', async () => {
    const { store, chatId } = await chatOfThree();
    const first = articles('You')[0]!;
    fireEvent.click(within(first).getByRole('button', { name: 'Pin: always send verbatim' }));
    await waitFor(() => expect(within(articles('You')[0]!).getByRole('img', { name: 'Pinned: summaries keep it verbatim' })).toBeTruthy());
    const unpin = within(articles('You')[0]!).getByRole('button', { name: 'Unpin' });
    expect(unpin.getAttribute('aria-pressed')).toBe('true');
    expect(store.getSnapshot().messages.get(chatId)!.find((m) => m.content === 'one')?.pinned).toBe(true);
    fireEvent.click(unpin);
    await waitFor(() => expect(within(articles('You')[0]!).queryByRole('img', { name: /Pinned/ })).toBeNull());
    expect(store.getSnapshot().messages.get(chatId)!.find((m) => m.content === 'one')?.pinned).toBeUndefined();
  });

  it('an automatic drop says what happened: how many of the oldest messages were left out, and that it was automatic', async () => {
    const persistence = createMemoryPersistence();
    const store = installStore(createScriptedModel({ replies: () => textSteps('Reply') }), persistence);
    const rows = [
      message('u1', null, 1, { role: 'user', content: 'one' }),
      message('a1', 'u1', 2, { content: 'Re: one' }),
      message('m', 'a1', 3, { role: 'system', content: '', compaction: { mode: 'drop', covered: 2, tokensBefore: 3, tokensAfter: 0, automatic: true } }),
      message('u2', 'm', 4, { role: 'user', content: 'two' }),
    ];
    await persistence.createChat(chat('c1', 4, { currentLeafId: 'u2' }), rows);
    await store.init();
    renderChatPage('c1');
    await waitFor(() => expect(marker()).toBeTruthy());
    expect(marker().dataset.mode).toBe('drop');
    expect(within(marker()).getByText('2 oldest messages left out · 3 tokens')).toBeTruthy();
    expect(within(marker()).getByText('Automatic: the chat outgrew the model’s context')).toBeTruthy();
    // Nothing to unfold or edit: no summary was written.
    expect(within(marker()).queryByText('Summary')).toBeNull();
    expect(within(marker()).queryByRole('button', { name: 'Edit summary' })).toBeNull();
    expect(within(marker()).getByRole('button', { name: 'Undo' })).toBeTruthy();
  });
});
