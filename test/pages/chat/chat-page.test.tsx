import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getChatStore } from '../../../src/chat';
import { createGate, createScriptedModel, textSteps } from '../../support/scripted-model';
import {
  articles,
  cleanUpStore,
  installStore,
  lastArticle,
  renderChatPage,
  settle,
  textOf,
  toastTitles,
} from './chat-page-kit';

afterEach(() => {
  cleanUpStore();
});

describe('chat page: loading and missing', () => {
  it('shows "Chat not found" with a link home for an unknown id', async () => {
    installStore();
    renderChatPage('no-such-chat');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Chat not found' });
    expect(heading.getAttribute('tabindex')).toBe('-1');
    expect(screen.getByText(/no chat at this address/)).toBeTruthy();
    const home = screen.getByRole('link', { name: 'Go to the home page' });
    expect(home.getAttribute('href')).toBe('/');
    expect(document.title).toBe('Chat not found · Parley');
  });

  it('shows the chat with its title as the heading and in the document title', async () => {
    const store = installStore(createScriptedModel({ replies: [textSteps('Hi there')] }));
    const { chatId } = await store.createChat({ text: 'Plan a trip to Rome' });
    renderChatPage(chatId);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Plan a trip to Rome' });
    expect(heading.getAttribute('tabindex')).toBe('-1');
    expect(screen.getByRole('banner')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Plan a trip to Rome · Parley'));
  });
});

describe('chat page: the first reply', () => {
  it('asks for the reply of a new chat exactly once under StrictMode, also after a remount, and shows it', async () => {
    const gate = createGate();
    const model = createScriptedModel({ replies: [[{ delta: { type: 'content', text: 'Hello ' } }, { gate }, { delta: { type: 'content', text: 'there' } }]] });
    const store = installStore(model);
    const { chatId } = await store.createChat({ text: 'Hi' });
    const first = renderChatPage(chatId);
    await waitFor(() => expect(textOf(lastArticle('Assistant'))).toBe('Hello'));
    expect(lastArticle('Assistant').dataset.state).toBe('streaming');
    first.unmount();
    renderChatPage(chatId);
    await act(async () => gate.open());
    await waitFor(() => expect(lastArticle('Assistant').dataset.state).toBe('complete'));
    expect(textOf(lastArticle('Assistant'))).toBe('Hello there');
    expect(model.calls).toHaveLength(1);
    expect(articles().map((a) => a.getAttribute('aria-label'))).toEqual(['You', 'Assistant']);
    expect(textOf(lastArticle('You'))).toBe('Hi');
  });

  it('Stop while streaming keeps the text and says "Stopped"', async () => {
    const gate = createGate();
    const model = createScriptedModel({ replies: [[{ delta: { type: 'content', text: 'Partial answer' } }, { gate }]] });
    const store = installStore(model);
    const { chatId } = await store.createChat({ text: 'Tell me' });
    renderChatPage(chatId);
    await waitFor(() => expect(textOf(lastArticle('Assistant'))).toBe('Partial answer'));
    fireEvent.click(screen.getByRole('button', { name: 'Stop generating' }));
    await waitFor(() => expect(lastArticle('Assistant').dataset.state).toBe('stopped'));
    expect(within(lastArticle('Assistant')).getByText('Stopped')).toBeTruthy();
    expect(textOf(lastArticle('Assistant'))).toBe('Partial answer');
    // Send is back.
    expect(screen.getByRole('button', { name: 'Send message' })).toBeTruthy();
  });
});
