import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatModelError } from '../../../src/chat';
import { COPIED_SHOWN_MS } from '../../../src/pages/chat/message/message-actions';
import { createGate, createScriptedModel, textSteps, type ScriptStep } from '../../support/scripted-model';
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

async function openChat(replies: ScriptStep[][], text = 'Question') {
  const model = createScriptedModel({ replies });
  const store = installStore(model);
  const { chatId } = await store.createChat({ text });
  renderChatPage(chatId);
  return { model, store, chatId };
}

function stubClipboard(writeText: (text: string) => Promise<void>) {
  const spy = vi.fn(writeText);
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: spy } });
  return spy;
}

describe('chat page messages: copy', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('Copy puts the text on the clipboard and says "Copied" in place, with no toast over the page (issue 33)', async () => {
    const writeText = stubClipboard(async () => {});
    await openChat([textSteps('Line one\nLine two')]);
    await waitFor(() => expect(lastArticle('Assistant').dataset.state).toBe('complete'));
    // The actions render just after the update that finished the reply.
    const copy = await within(lastArticle('Assistant')).findByRole('button', { name: 'Copy reply' });
    fireEvent.click(copy);
    // The same button, now a check named "Copied"; the page's status line says it once.
    await waitFor(() => expect(copy.getAttribute('aria-label')).toBe('Copied'));
    expect(screen.getAllByRole('status').some((status) => status.textContent === 'Copied')).toBe(true);
    expect(writeText).toHaveBeenCalledWith('Line one\nLine two');
    expect(toastTitles()).not.toContain('Copied');
    // It reads Copy reply again after a moment.
    await waitFor(() => expect(copy.getAttribute('aria-label')).toBe('Copy reply'), { timeout: COPIED_SHOWN_MS + 1000 });
  });

  it('a refused clipboard shows an error toast instead', async () => {
    stubClipboard(async () => {
      throw new DOMException('Document is not focused', 'NotAllowedError');
    });
    await openChat([textSteps('Anything')]);
    await waitFor(() => expect(lastArticle('Assistant').dataset.state).toBe('complete'));
    fireEvent.click(within(lastArticle('You')).getByRole('button', { name: 'Copy message' }));
    await waitFor(() => expect(toastTitles()).toContain('Could not copy'));
    expect(screen.getByText('Document is not focused')).toBeTruthy();
    expect(toastTitles()).not.toContain('Copied');
  });
});

describe('chat page messages: what a reply shows', () => {
  it('user text is shown as typed, never as HTML', async () => {
    await openChat([textSteps('ok')], '<b>bold?</b>\n  indented');
    const you = lastArticle('You');
    expect(textOf(you)).toBe('<b>bold?</b>\n  indented');
    expect(you.querySelector('b')).toBeNull();
  });

  it('a failed reply shows the error inline with Retry, which asks again', async () => {
    const { model } = await openChat([
      [{ delta: { type: 'content', text: 'Half' } }, { error: new ChatModelError('server-error', 'HTTP 503: overloaded', { status: 503 }) }],
      textSteps('Whole answer'),
    ]);
    await waitFor(() => expect(lastArticle('Assistant').dataset.state).toBe('error'));
    const failed = lastArticle('Assistant');
    expect(within(failed).getByText('HTTP 503: overloaded')).toBeTruthy();
    expect(textOf(failed)).toBe('Half');
    // History, not an alarm: no alert role for a failure in the thread.
    expect(within(failed).queryByRole('alert')).toBeNull();
    fireEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(textOf(lastArticle('Assistant'))).toBe('Whole answer'));
    expect(lastArticle('Assistant').dataset.state).toBe('complete');
    expect(within(within(lastArticle('Assistant')).getByRole('group', { name: 'Versions' })).getByText('2/2')).toBeTruthy();
    expect(model.calls).toHaveLength(2);
  });

  it('with no model connected the reply fails inline and says so', async () => {
    const store = installStore();
    const { chatId } = await store.createChat({ text: 'Hello?' });
    renderChatPage(chatId);
    await waitFor(() => expect(lastArticle('Assistant').dataset.state).toBe('error'));
    expect(within(lastArticle('Assistant')).getByText('No model is connected')).toBeTruthy();
    expect(within(lastArticle('Assistant')).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('reasoning shows under its own toggle while it streams ("Thinking…") and folds away after ("Thought for N s")', async () => {
    const gate = createGate();
    await openChat([
      [{ delta: { type: 'reasoning', text: 'Let me think about it.' } }, { gate }, { delta: { type: 'content', text: 'Answer' } }],
    ]);
    await waitFor(() => expect(within(lastArticle('Assistant')).getByText('Thinking…')).toBeTruthy());
    const details = lastArticle('Assistant').querySelector('details')!;
    expect(details.open).toBe(true);
    expect(details.dataset.state).toBe('thinking');
    expect(details.textContent).toContain('Let me think about it.');
    await act(async () => gate.open());
    await waitFor(() => expect(lastArticle('Assistant').dataset.state).toBe('complete'));
    expect(within(lastArticle('Assistant')).getByText(/^Thought for \d+ s$/)).toBeTruthy();
    expect(lastArticle('Assistant').querySelector('details')!.open).toBe(false);
    expect(textOf(lastArticle('Assistant'))).toBe('Answer');
  });

  it('streaming shows a quiet indicator and no actions; a finished reply shows its stats', async () => {
    const gate = createGate();
    await openChat([
      [
        { delta: { type: 'content', text: 'Some text' } },
        { gate },
        { delta: { type: 'usage', usage: { promptTokens: 12, completionTokens: 30, totalTokens: 42 } } },
        { delta: { type: 'timing', timing: { firstTokenMs: 400, tokensPerSecond: 25.5 } } },
      ],
    ]);
    await waitFor(() => expect(textOf(lastArticle('Assistant'))).toBe('Some text'));
    const streaming = lastArticle('Assistant');
    expect(within(streaming).getByText('Writing…')).toBeTruthy();
    expect(within(streaming).queryByRole('button', { name: /^Copy/ })).toBeNull();
    expect(within(streaming).queryByRole('list', { name: 'Reply statistics' })).toBeNull();
    await act(async () => gate.open());
    await waitFor(() => expect(lastArticle('Assistant').dataset.state).toBe('complete'));
    // Figures render just after the update that finished the reply.
    const stats = await within(lastArticle('Assistant')).findByRole('list', { name: 'Reply statistics' });
    expect(within(stats).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '0.4 s to first token',
      '25.5 tokens/s',
      // The reply's own tokens; the prompt's are its description.
      '30 tokens',
    ]);
    const tokens = within(stats).getByText('30 tokens');
    fireEvent.keyDown(document, { key: 'Tab' });
    act(() => tokens.focus());
    expect(document.activeElement).toBe(tokens);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toBe('Prompt: 12 tokens.');
    expect(tokens.getAttribute('aria-describedby')).toBe(tooltip.id);
    expect(within(lastArticle('Assistant')).queryByText('Writing…')).toBeNull();
  });

  it('speed estimated from the text is marked "estimated"', async () => {
    await openChat([[{ delta: { type: 'content', text: 'x'.repeat(40) } }, { delayMs: 5, delta: { type: 'content', text: 'y'.repeat(40) } }]]);
    await waitFor(() => expect(lastArticle('Assistant').dataset.state).toBe('complete'));
    // Figures render just after the update that finished the reply.
    const stats = await within(lastArticle('Assistant')).findByRole('list', { name: 'Reply statistics' });
    expect(within(stats).getByText(/tokens\/s \(estimated\)$/)).toBeTruthy();
  });
});

describe('chat page messages: actions on a touch screen (issue 33)', () => {
  const itemOf = (article: HTMLElement) => article.closest<HTMLElement>('.thread__item')!;

  it('a tap on a message unfolds its actions and a second tap folds them; a tap on a control or a selection does not', async () => {
    await openChat([textSteps('An answer')]);
    await waitFor(() => expect(lastArticle('Assistant').dataset.state).toBe('complete'));
    const you = lastArticle('You');
    const item = itemOf(you);
    expect(item.dataset.actions).toBeUndefined();
    fireEvent.click(you.querySelector('.message-text')!);
    expect(item.dataset.actions).toBe('shown');
    // Pressing one of its buttons is that button's business, not a tap on the message.
    fireEvent.click(within(you).getByRole('button', { name: 'Copy message' }));
    expect(item.dataset.actions).toBe('shown');
    fireEvent.click(you.querySelector('.message-text')!);
    expect(item.dataset.actions).toBeUndefined();
    // A tap that ends a text selection is selecting, not asking for the actions.
    const selection = document.getSelection()!;
    selection.selectAllChildren(you.querySelector('.message-text')!);
    fireEvent.click(you.querySelector('.message-text')!);
    expect(item.dataset.actions).toBeUndefined();
    selection.removeAllRanges();
  });
});

describe('chat page messages: right to left (issue 33)', () => {
  it('your message, the chat title and the edit box take their direction from their text (dir="auto")', async () => {
    await openChat([textSteps('جواب')], 'مرحبا بالعالم');
    await waitFor(() => expect(lastArticle('Assistant').dataset.state).toBe('complete'));
    expect(lastArticle('You').querySelector('.message-text')!.getAttribute('dir')).toBe('auto');
    expect(screen.getByRole('heading', { level: 1 }).getAttribute('dir')).toBe('auto');
    expect(lastArticle('Assistant').querySelector('.markdown p')!.getAttribute('dir')).toBe('auto');
    fireEvent.click(within(lastArticle('You')).getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('textbox', { name: 'Edit message' }).getAttribute('dir')).toBe('auto');
  });
});
