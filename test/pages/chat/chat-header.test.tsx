import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getChatStore } from '../../../src/chat';
import { createScriptedModel, textSteps } from '../../support/scripted-model';
import {
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

async function openChat(text = 'Old title') {
  const store = installStore(createScriptedModel({ replies: [textSteps('An answer')] }));
  const { chatId } = await store.createChat({ text, model: 'llama-3.1-8b' });
  const view = renderChatPage(chatId);
  await waitFor(() => expect(lastArticle('Assistant').dataset.state).toBe('complete'));
  return { store, chatId, ...view };
}

const heading = () => screen.getByRole('heading', { level: 1 });
const chatTitle = (chatId: string) => getChatStore().getSnapshot().chats.find((c) => c.id === chatId)?.title;

describe('chat page header: rename in place', () => {
  it('Rename opens a focused field; Enter saves and focus returns to Rename', async () => {
    const { chatId } = await openChat();
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    const field = within(heading()).getByRole('textbox', { name: 'Chat title' }) as HTMLInputElement;
    expect(document.activeElement).toBe(field);
    expect(field.value).toBe('Old title');
    fireEvent.change(field, { target: { value: '  New title ' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(heading().textContent).toBe('New title'));
    expect(chatTitle(chatId)).toBe('New title');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(document.title).toBe('New title · Parley'));
  });

  it('Escape cancels; a click on the title edits too and leaving the field saves', async () => {
    const { chatId } = await openChat();
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    const field = within(heading()).getByRole('textbox');
    fireEvent.change(field, { target: { value: 'Discarded' } });
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(heading().textContent).toBe('Old title');
    expect(chatTitle(chatId)).toBe('Old title');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rename' }));

    fireEvent.click(heading());
    const again = within(heading()).getByRole('textbox');
    fireEvent.change(again, { target: { value: 'Saved on blur' } });
    fireEvent.blur(again);
    await waitFor(() => expect(chatTitle(chatId)).toBe('Saved on blur'));
    expect(heading().textContent).toBe('Saved on blur');
  });

  it('an emptied title becomes "Untitled"', async () => {
    const { chatId } = await openChat();
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    const field = within(heading()).getByRole('textbox');
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(chatTitle(chatId)).toBe('Untitled'));
  });

  it('shows the model', async () => {
    await openChat();
    expect(within(screen.getByRole('banner')).getByText('llama-3.1-8b')).toBeTruthy();
  });
});

describe('chat page header: delete and export', () => {
  it('Delete goes home with a "Chat deleted" toast whose Undo brings the chat back and reopens it', async () => {
    const { chatId, history } = await openChat('Doomed chat');
    fireEvent.click(screen.getByRole('button', { name: 'Delete chat' }));
    await screen.findByRole('heading', { name: 'Home page' });
    expect(history.getSnapshot().pathname).toBe('/');
    expect(screen.queryByText('Chat not found')).toBeNull();
    await waitFor(() => expect(toastTitles()).toContain('Chat deleted'));
    expect(chatTitle(chatId)).toBeUndefined();

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await screen.findByRole('heading', { level: 1, name: 'Doomed chat' });
    expect(history.getSnapshot().pathname).toBe(`/chat/${chatId}`);
    expect(textOf(lastArticle('Assistant'))).toBe('An answer');
  });

  it('Ctrl+Z outside a text field undoes the delete as the toast’s Undo does (issue 33)', async () => {
    const { chatId, history } = await openChat('Doomed chat');
    fireEvent.click(screen.getByRole('button', { name: 'Delete chat' }));
    await screen.findByRole('heading', { name: 'Home page' });
    await waitFor(() => expect(toastTitles()).toContain('Chat deleted'));
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    await screen.findByRole('heading', { level: 1, name: 'Doomed chat' });
    expect(history.getSnapshot().pathname).toBe(`/chat/${chatId}`);
    expect(toastTitles()).not.toContain('Chat deleted');
  });

  it('Export chat → Export as JSON downloads the chat as versioned JSON named after its title and says so', async () => {
    const { chatId } = await openChat('Trip: Rome/Paris?');
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:export';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });

    fireEvent.click(screen.getByRole('button', { name: 'Export chat' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Export as JSON' }));
    // The export is read from storage (it carries the chat's files too), so it comes a moment later.
    await waitFor(() => expect(names).toEqual(['Trip Rome Paris.json']));
    const exported = JSON.parse(await blobs[0]!.text());
    expect(exported).toMatchObject({ format: 'parley.chat', version: 1, chat: { id: chatId, title: 'Trip: Rome/Paris?' } });
    expect(exported.messages.map((m: { content: string }) => m.content)).toEqual(['Trip: Rome/Paris?', 'An answer']);
    await waitFor(() => expect(toastTitles()).toContain('Chat exported'));
  });
});
