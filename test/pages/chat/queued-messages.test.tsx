// The queued list under a streaming reply (issue 24): Enter queues, each message is edited, removed or sent now, by keyboard too.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetMessageQueue } from '../../../src/chat/queue';
import { createGate, createScriptedModel, textSteps, type Gate } from '../../support/scripted-model';
import { cleanUpStore, installStore, lastArticle, renderChatPage, textOf } from './chat-page-kit';

afterEach(() => {
  resetMessageQueue();
  cleanUpStore();
});

const box = () => screen.getByRole('textbox', { name: 'Message' });
const queued = () => screen.queryByRole('region', { name: 'Queued messages' });
const queuedTexts = () => within(queued()!).getAllByRole('textbox').map((input) => (input as HTMLTextAreaElement).value);

/** A chat whose first reply streams, held by gates[0]; every later reply by its own gate. */
async function streamingChat() {
  const gates: Gate[] = Array.from({ length: 6 }, () => createGate());
  const model = createScriptedModel({ replies: (_, call) => [...textSteps(`Reply ${call + 1}`), { gate: gates[call]! }] });
  const store = installStore(model);
  const { chatId } = await store.createChat({ text: 'First' });
  renderChatPage(chatId);
  await waitFor(() => expect(textOf(lastArticle('Assistant'))).toBe('Reply 1'));
  const sent = () => model.calls.map((call) => String(call.messages.findLast((m) => m.role === 'user')?.content));
  return { gates, sent, store, chatId };
}

async function typeAndEnter(text: string) {
  fireEvent.change(box(), { target: { value: text } });
  fireEvent.keyDown(box(), { key: 'Enter' });
  await waitFor(() => expect(queuedTexts()).toContain(text));
}

describe('queueing while a reply streams', () => {
  it('Enter queues the message under the reply, keeps focus in the box, and sends the queue in order as replies end', async () => {
    const { gates, sent } = await streamingChat();
    box().focus();
    await typeAndEnter('Second');
    expect(box()).toHaveProperty('value', '');
    expect(document.activeElement).toBe(box());
    await typeAndEnter('Third');
    expect(queuedTexts()).toEqual(['Second', 'Third']);
    expect(within(queued()!).getAllByRole('listitem').map((item) => item.dataset.state)).toEqual(['queued', 'queued']);
    expect(sent()).toEqual(['First']);

    await act(async () => gates[0]!.open());
    await waitFor(() => expect(sent()).toEqual(['First', 'Second']));
    await waitFor(() => expect(queuedTexts()).toEqual(['Third']));
    await act(async () => gates[1]!.open());
    await waitFor(() => expect(sent()).toEqual(['First', 'Second', 'Third']));
    await waitFor(() => expect(queued()).toBeNull());
  });

  it('an edit in place is what is sent; Remove takes one out', async () => {
    const { gates, sent } = await streamingChat();
    await typeAndEnter('Tpyo');
    await typeAndEnter('Drop me');
    const [first] = within(queued()!).getAllByRole('textbox');
    fireEvent.change(first!, { target: { value: 'Typo fixed' } });
    fireEvent.blur(first!);
    fireEvent.click(screen.getByRole('button', { name: 'Remove queued message 2' }));
    await waitFor(() => expect(queuedTexts()).toEqual(['Typo fixed']));
    expect(document.activeElement).toBe(box());
    await act(async () => gates[0]!.open());
    await waitFor(() => expect(sent()).toEqual(['First', 'Typo fixed']));
    await act(async () => gates[1]!.open());
    await waitFor(() => expect(queued()).toBeNull());
    expect(sent()).toEqual(['First', 'Typo fixed']);
  });

  it('Send now stops the reply (keeping what arrived) and sends at once, by keyboard', async () => {
    const { sent } = await streamingChat();
    await typeAndEnter('Later');
    await typeAndEnter('Now');
    const sendNow = within(queued()!).getAllByRole('button', { name: 'Send now' })[1]!;
    sendNow.focus();
    // A keyboard press on a button is a click with no pointer.
    fireEvent.click(sendNow, { detail: 0 });
    await waitFor(() => expect(sent()).toEqual(['First', 'Now']));
    expect(screen.getAllByRole('article', { name: 'Assistant' })[0]!.dataset.state).toBe('stopped');
    expect(textOf(screen.getAllByRole('article', { name: 'Assistant' })[0]!)).toBe('Reply 1');
    expect(queuedTexts()).toEqual(['Later']);
  });

  it('after Stop the queue waits, says why, and offers Send', async () => {
    const { sent } = await streamingChat();
    await typeAndEnter('Held');
    fireEvent.keyDown(box(), { key: 'Escape' });
    await waitFor(() => expect(queued()!.dataset.state).toBe('stopped'));
    expect(within(queued()!).getByRole('status').textContent).toMatch(/You stopped the reply, so nothing queued was sent/);
    expect(within(queued()!).getByRole('listitem').dataset.state).toBe('paused');
    fireEvent.click(within(queued()!).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent()).toEqual(['First', 'Held']));
  });

  it('refuses files in a queued message with a note, keeping them and the text', async () => {
    await streamingChat();
    fireEvent.change(box(), { target: { value: 'With a file' } });
    fireEvent.paste(box(), { clipboardData: { files: [new File(['hello'], 'note.txt', { type: 'text/plain' })], items: [], getData: () => '' } });
    await waitFor(() => expect(screen.getByText('note.txt')).toBeTruthy());
    fireEvent.keyDown(box(), { key: 'Enter' });
    await waitFor(() => expect(screen.getByText(/Files cannot wait in the queue/)).toBeTruthy());
    expect(queued()).toBeNull();
    expect(box()).toHaveProperty('value', 'With a file');
  });
});
