import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetConnectionsStore } from '../../../src/chat/connections';
import { makeConnectionsStore } from '../../chat/connections/connections-harness';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createScriptedModel, textSteps } from '../../support/scripted-model';
import {
  articles,
  cleanUpStore,
  installStore,
  lastArticle,
  renderChatPage,
  textOf,
  toastTitles,
} from './chat-page-kit';

afterEach(() => {
  cleanUpStore();
});

/** A chat whose first reply has arrived; each model call answers "Reply n". */
async function openAnsweredChat(text = 'First question') {
  const model = createScriptedModel({ replies: (_request, call) => textSteps(`Reply ${call + 1}`) });
  const store = installStore(model);
  const { chatId } = await store.createChat({ text });
  renderChatPage(chatId);
  await waitFor(() => expect(textOf(lastArticle('Assistant'))).toBe('Reply 1'));
  await waitFor(() => expect(lastArticle('Assistant').dataset.state).toBe('complete'));
  // Its actions render just after the update that finished it.
  await within(lastArticle('Assistant')).findByRole('button', { name: 'Regenerate' });
  return { model, store, chatId };
}

const versions = (article: HTMLElement) => within(article).queryByRole('group', { name: 'Versions' });

describe('chat page: edit and branches', () => {
  it('edit and resend makes version 2/2; Previous version shows 1/2 with the old text and reply', async () => {
    await openAnsweredChat();
    const you = lastArticle('You');
    expect(versions(you)).toBeNull();
    fireEvent.click(within(you).getByRole('button', { name: 'Edit' }));
    const field = within(lastArticle('You')).getByRole('textbox', { name: 'Edit message' }) as HTMLTextAreaElement;
    expect(document.activeElement).toBe(field);
    expect(field.value).toBe('First question');
    fireEvent.change(field, { target: { value: 'Second question' } });
    fireEvent.keyDown(field, { key: 'Enter' });

    await waitFor(() => expect(textOf(lastArticle('You'))).toBe('Second question'));
    await waitFor(() => expect(textOf(lastArticle('Assistant'))).toBe('Reply 2'));
    const nav = versions(lastArticle('You'))!;
    expect(within(nav).getByText('2/2')).toBeTruthy();

    fireEvent.click(within(nav).getByRole('button', { name: 'Previous version' }));
    await waitFor(() => expect(textOf(lastArticle('You'))).toBe('First question'));
    expect(within(versions(lastArticle('You'))!).getByText('1/2')).toBeTruthy();
    expect(textOf(lastArticle('Assistant'))).toBe('Reply 1');
    // The sibling's button took over focus, and the change was announced.
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Previous version');
    expect(document.activeElement?.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('Version 1 of 2')).toBeTruthy();

    fireEvent.click(within(versions(lastArticle('You'))!).getByRole('button', { name: 'Next version' }));
    await waitFor(() => expect(textOf(lastArticle('You'))).toBe('Second question'));
  });

  it('Escape cancels an edit and returns focus to Edit; Save and send is the button form of Enter', async () => {
    await openAnsweredChat();
    const edit = within(lastArticle('You')).getByRole('button', { name: 'Edit' });
    fireEvent.click(edit);
    const field = within(lastArticle('You')).getByRole('textbox', { name: 'Edit message' });
    fireEvent.change(field, { target: { value: 'Never sent' } });
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(within(lastArticle('You')).queryByRole('textbox')).toBeNull();
    expect(textOf(lastArticle('You'))).toBe('First question');
    expect(document.activeElement).toBe(within(lastArticle('You')).getByRole('button', { name: 'Edit' }));

    fireEvent.click(within(lastArticle('You')).getByRole('button', { name: 'Edit' }));
    fireEvent.change(within(lastArticle('You')).getByRole('textbox'), { target: { value: 'Via the button' } });
    fireEvent.click(within(lastArticle('You')).getByRole('button', { name: 'Save and send' }));
    await waitFor(() => expect(textOf(lastArticle('You'))).toBe('Via the button'));
    // Asking for the reply put focus in the composer: type next, or Stop.
    expect(document.activeElement?.getAttribute('id')).toBe(screen.getByRole('textbox', { name: 'Message' }).id);
  });

  it('regenerate makes a new version of the reply', async () => {
    const { model } = await openAnsweredChat();
    fireEvent.click(within(lastArticle('Assistant')).getByRole('button', { name: 'Regenerate' }));
    // A menu (issue 33): the same model again first.
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Again with the same model' }));
    await waitFor(() => expect(textOf(lastArticle('Assistant'))).toBe('Reply 2'));
    expect(within(versions(lastArticle('Assistant'))!).getByText('2/2')).toBeTruthy();
    expect(model.calls).toHaveLength(2);
    fireEvent.click(within(lastArticle('Assistant')).getByRole('button', { name: 'Previous version' }));
    await waitFor(() => expect(textOf(lastArticle('Assistant'))).toBe('Reply 1'));
  });

  it('Regenerate offers the model list too: the one chosen writes this version only (issue 33)', async () => {
    const harness = makeConnectionsStore();
    await harness.store.init();
    resetConnectionsStore(harness.store);
    try {
      const added = harness.store.add({ name: 'Box', kind: 'custom', baseUrl: 'http://box.invalid/v1' });
      if (!added.ok) throw new Error('not added');
      void harness.store.refreshModels(added.connection.id);
      await act(async () => {
        await harness.answer(['small-model', 'big-model']);
      });
      const { model, store, chatId } = await openAnsweredChat();
      fireEvent.click(within(lastArticle('Assistant')).getByRole('button', { name: 'Regenerate' }));
      const items = await screen.findAllByRole('menuitem');
      expect(items.map((item) => item.textContent)).toEqual(['Again with the same model', 'With small-model', 'With big-model', 'Compare with other models…']);
      fireEvent.click(screen.getByRole('menuitem', { name: 'With big-model' }));
      await waitFor(() => expect(textOf(lastArticle('Assistant'))).toBe('Reply 2'));
      expect(model.calls[1]!.model).toBe(`${added.connection.id}/big-model`);
      expect(store.getSnapshot().chats.find((chat) => chat.id === chatId)?.model).toBeUndefined();
    } finally {
      cleanup();
      resetConnectionsStore();
    }
  });

  it('deleting a message removes it and its replies; Undo in the toast brings them back', async () => {
    await openAnsweredChat();
    fireEvent.click(within(lastArticle('You')).getByRole('button', { name: 'Delete message' }));
    await waitFor(() => expect(articles()).toHaveLength(0));
    await waitFor(() => expect(toastTitles()).toContain('Message deleted'));
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(articles().map(textOf)).toEqual(['First question', 'Reply 1']));
  });

  it('sends from the composer: the message and its reply appear, the draft empties', async () => {
    const { model } = await openAnsweredChat();
    const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'Follow-up' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(textOf(lastArticle('You'))).toBe('Follow-up'));
    await waitFor(() => expect(textOf(lastArticle('Assistant'))).toBe('Reply 2'));
    expect(box.value).toBe('');
    expect(model.calls[1]!.messages.map((m) => m.content)).toEqual(['First question', 'Reply 1', 'Follow-up']);
    await act(async () => {});
  });
});
