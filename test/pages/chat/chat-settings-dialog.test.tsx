import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChatModelRequest } from '../../../src/chat';
import { resetConnectionsStore } from '../../../src/chat/connections';
import { parseMaxTokens, parseTemperature } from '../../../src/pages/chat/header/chat-settings-values';
import { flushPromises, makeConnectionsStore } from '../../chat/connections/connections-harness';
import { createScriptedModel, textSteps } from '../../support/scripted-model';
import { cleanUpStore, installStore, lastArticle, renderChatPage } from './chat-page-kit';
import { preloadModelPickerPopover } from '../../../src/pages/shared';

// The list's code loads the first time a picker opens; fetched here, it opens within the click.
beforeAll(async () => {
  await preloadModelPickerPopover();
});

afterEach(() => {
  cleanUpStore();
  resetConnectionsStore();
});

async function openChat(model?: string) {
  const requests: ChatModelRequest[] = [];
  const store = installStore(
    createScriptedModel({
      replies: (request) => {
        requests.push(request);
        return textSteps(`Reply ${requests.length}`);
      },
    }),
  );
  const { chatId } = await store.createChat({ text: 'Hello', model });
  renderChatPage(chatId);
  await waitFor(() => expect(lastArticle('Assistant').dataset.state).toBe('complete'));
  const chat = () => store.getSnapshot().chats.find((c) => c.id === chatId)!;
  return { store, chatId, chat, requests };
}

const settingsDialog = () => screen.getByRole('dialog', { name: 'Chat settings' });
const input = (name: string) => within(settingsDialog()).getByLabelText(name) as HTMLInputElement;
const openSettings = () => fireEvent.click(within(screen.getByRole('group', { name: 'Chat actions' })).getByRole('button', { name: 'Chat settings' }));
const save = async () => {
  await act(async () => {
    fireEvent.click(within(settingsDialog()).getByRole('button', { name: 'Save' }));
    await flushPromises();
  });
};

describe('chat settings dialog', () => {
  it('starts empty (the server decides), saves the values, and the next reply uses them', async () => {
    const { chat, store, chatId, requests } = await openChat();
    openSettings();
    expect(input('System prompt').value).toBe('');
    expect(input('Temperature').value).toBe('');
    expect(input('Temperature').placeholder).toBe('Server default');
    expect(input('Temperature')).toMatchObject({ min: '0', max: '2', step: '0.1', type: 'number' });
    expect(input('Maximum tokens')).toMatchObject({ min: '1', step: '1', type: 'number' });
    fireEvent.change(input('System prompt'), { target: { value: 'Answer in French.' } });
    fireEvent.change(input('Temperature'), { target: { value: '0.7' } });
    fireEvent.change(input('Maximum tokens'), { target: { value: '512' } });
    await save();
    expect(screen.queryByRole('dialog', { name: 'Chat settings' })).toBeNull();
    expect(chat()).toMatchObject({ systemPrompt: 'Answer in French.', temperature: 0.7, maxTokens: 512 });

    await act(async () => {
      await store.sendMessage(chatId, 'Again');
    });
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]).toMatchObject({ temperature: 0.7, maxTokens: 512 });
    expect(requests[1]!.messages[0]).toEqual({ role: 'system', content: 'Answer in French.' });
  });

  it('shows the saved values; emptied fields are unset again', async () => {
    const { chat, store, chatId } = await openChat();
    await store.updateChatSettings(chatId, { systemPrompt: 'Be brief.', temperature: 1.2, maxTokens: 64 });
    openSettings();
    expect(input('System prompt').value).toBe('Be brief.');
    expect(input('Temperature').value).toBe('1.2');
    expect(input('Maximum tokens').value).toBe('64');
    fireEvent.change(input('System prompt'), { target: { value: '   ' } });
    fireEvent.change(input('Temperature'), { target: { value: '' } });
    fireEvent.change(input('Maximum tokens'), { target: { value: '' } });
    await save();
    expect(chat().systemPrompt).toBeUndefined();
    expect(chat().temperature).toBeUndefined();
    expect(chat().maxTokens).toBeUndefined();
  });

  it('refuses values out of range, says why, and focuses the field', async () => {
    const { chat } = await openChat();
    openSettings();
    fireEvent.change(input('Temperature'), { target: { value: '3' } });
    await save();
    expect(settingsDialog()).toBeTruthy();
    expect(input('Temperature').getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input('Temperature').getAttribute('aria-describedby')!)!.textContent).toBe(
      'Enter a number from 0 to 2, or leave it empty.',
    );
    expect(document.activeElement).toBe(input('Temperature'));
    fireEvent.change(input('Temperature'), { target: { value: '1' } });
    fireEvent.change(input('Maximum tokens'), { target: { value: '0' } });
    await save();
    expect(input('Maximum tokens').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input('Maximum tokens'));
    expect(chat().temperature).toBeUndefined();
  });

  it('Cancel leaves the chat as it was', async () => {
    const { chat } = await openChat();
    openSettings();
    fireEvent.change(input('System prompt'), { target: { value: 'Discarded' } });
    fireEvent.click(within(settingsDialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Chat settings' })).toBeNull();
    expect(chat().systemPrompt).toBeUndefined();
  });
});

describe('chat header model picker', () => {
  it('shows the chat’s model; choosing another sets it for the chat and as the default', async () => {
    const harness = makeConnectionsStore();
    await harness.store.init();
    resetConnectionsStore(harness.store);
    const added = harness.store.add({ name: 'Ollama', kind: 'ollama', baseUrl: 'http://localhost:11434/v1' });
    if (!added.ok) throw new Error('not added');
    const id = added.connection.id;
    const { chat } = await openChat(`${id}/qwen3`);
    await act(() => harness.answer(['llama3.2', 'qwen3']));
    const picker = within(screen.getByRole('banner')).getByRole('button', { name: 'Model qwen3' });
    await act(async () => {
      fireEvent.click(picker);
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'Search models' }), { target: { value: 'llama' } });
    await act(async () => {
      fireEvent.keyDown(screen.getByRole('combobox', { name: 'Search models' }), { key: 'Enter' });
    });
    await act(flushPromises);
    expect(chat().model).toBe(`${id}/llama3.2`);
    expect(harness.store.getSnapshot().defaultModel).toBe(`${id}/llama3.2`);
  });
});

describe('chat settings values', () => {
  it.each([
    ['', { ok: true, value: undefined }],
    ['  ', { ok: true, value: undefined }],
    ['0', { ok: true, value: 0 }],
    ['0,7', { ok: true, value: 0.7 }],
    ['2', { ok: true, value: 2 }],
    ['2.01', { ok: false }],
    ['-0.1', { ok: false }],
    ['warm', { ok: false }],
  ])('temperature %j → %j', (text, parsed) => {
    expect(parseTemperature(text)).toEqual(parsed);
  });

  it.each([
    ['', { ok: true, value: undefined }],
    ['1', { ok: true, value: 1 }],
    ['4096', { ok: true, value: 4096 }],
    ['0', { ok: false }],
    ['1.5', { ok: false }],
    ['-3', { ok: false }],
    ['lots', { ok: false }],
  ])('maximum tokens %j → %j', (text, parsed) => {
    expect(parseMaxTokens(text)).toEqual(parsed);
  });
});

describe('chat settings: thinking budget and reasoning effort (issue 27)', () => {
  it('saves Anthropic’s thinking budget and Responses’ reasoning effort, refuses a budget under the minimum, and the next request carries them', async () => {
    const { chat, store, chatId, requests } = await openChat();
    openSettings();
    expect(input('Thinking budget (Anthropic)').value).toBe('');
    expect((input('Reasoning effort (OpenAI Responses)') as unknown as HTMLSelectElement).value).toBe('');
    fireEvent.change(input('Thinking budget (Anthropic)'), { target: { value: '500' } });
    await save();
    // Still open: the budget is below Anthropic's minimum, said in words and focused.
    expect(within(settingsDialog()).getByText('Enter a whole number of 1024 or more, or leave it empty.')).toBeTruthy();
    expect(document.activeElement).toBe(input('Thinking budget (Anthropic)'));
    fireEvent.change(input('Thinking budget (Anthropic)'), { target: { value: '2048' } });
    fireEvent.change(input('Reasoning effort (OpenAI Responses)'), { target: { value: 'high' } });
    await save();
    expect(chat()).toMatchObject({ thinkingBudget: 2048, reasoningEffort: 'high' });
    await act(async () => {
      await store.sendMessage(chatId, 'Again');
    });
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]).toMatchObject({ thinkingBudget: 2048, reasoningEffort: 'high' });
    expect(requests[0]).not.toHaveProperty('thinkingBudget');
  });
});

describe('chat settings: only the fields this chat’s connection format takes (issue 33)', () => {
  it.each([
    ['Chat Completions', undefined, []],
    ['Anthropic Messages', 'anthropic', ['Thinking budget (Anthropic)']],
    ['OpenAI Responses', 'responses', ['Reasoning effort (OpenAI Responses)']],
  ] as const)('%s', async (_format, api, shown) => {
    const harness = makeConnectionsStore();
    await harness.store.init();
    resetConnectionsStore(harness.store);
    const added = harness.store.add({ name: 'Server', kind: 'custom', baseUrl: 'http://localhost:8000/v1', ...(api && { api }) });
    if (!added.ok) throw new Error('not added');
    const { chat, store, chatId } = await openChat(`${added.connection.id}/some-model`);
    await act(() => harness.answer(['some-model']));
    await act(() => store.updateChatSettings(chatId, { thinkingBudget: 2048, reasoningEffort: 'low' }));
    openSettings();
    const formatFields = ['Thinking budget (Anthropic)', 'Reasoning effort (OpenAI Responses)'].filter((name) => within(settingsDialog()).queryByLabelText(name));
    expect(formatFields).toEqual(shown);
    // The fields every format takes are there.
    expect(input('Temperature')).toBeTruthy();
    // Saving keeps what a hidden field holds: the chat may go back to a model of that format.
    await save();
    expect(chat()).toMatchObject({ thinkingBudget: 2048, reasoningEffort: 'low' });
  });
});
