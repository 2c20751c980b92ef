// Issue 23 on the chat page: the header's quiet mark (Custom, or the preset's name), Chat settings'
// Save as preset, Reset to defaults and "What the model receives" (plain text, part by part).
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetConnectionsStore } from '../../../src/chat/connections';
import { createLibraryStore, resetLibraryStore, type LibraryStore } from '../../../src/chat/library';
import { resetToolSettings } from '../../../src/chat/mcp';
import { createToolSettingsStore } from '../../../src/chat/mcp/tool-settings';
import { preloadModelPickerPopover } from '../../../src/pages/shared';
import { flushPromises, makeConnectionsStore } from '../../chat/connections/connections-harness';
import { memoryLibraryIo } from '../../chat/library/memory-library-io';
import { createScriptedModel, textSteps } from '../../support/scripted-model';
import { cleanUpStore, installStore, lastArticle, renderChatPage, settle } from './chat-page-kit';

let library: LibraryStore;
beforeEach(async () => {
  library = createLibraryStore({ io: memoryLibraryIo(), channel: null });
  await library.init();
  resetLibraryStore(library);
});
afterEach(() => {
  cleanUpStore();
  resetLibraryStore();
  resetConnectionsStore();
  resetToolSettings();
});

async function openChat(model?: string) {
  const store = installStore(createScriptedModel({ replies: () => textSteps('Hi') }));
  const { chatId } = await store.createChat({ text: 'Hello', model });
  renderChatPage(chatId);
  await waitFor(() => expect(lastArticle('Assistant').dataset.state).toBe('complete'));
  const chat = () => store.getSnapshot().chats.find((c) => c.id === chatId)!;
  return { store, chatId, chat };
}

const header = () => document.querySelector<HTMLElement>('.chat-header')!;
const mark = () => header().querySelector<HTMLButtonElement>('.chat-header__mark');
const dialog = () => screen.getByRole('dialog', { name: 'Chat settings' });
const openSettings = () => fireEvent.click(within(screen.getByRole('group', { name: 'Chat actions' })).getByRole('button', { name: 'Chat settings' }));
const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element);
    await flushPromises();
  });
};

describe('the header names the chat’s project (issue 33)', () => {
  it('a chat in a project links back to the project’s page; a chat in none has no such link', async () => {
    const project = await library.createProject({ name: 'Garden plans' });
    const store = installStore(createScriptedModel({ replies: () => textSteps('Hi') }));
    const { chatId } = await store.createChat({ text: 'Hello', projectId: project.id });
    const { history } = renderChatPage(chatId);
    const link = await waitFor(() => within(header()).getByRole('link', { name: 'Project: Garden plans' }));
    expect(link.getAttribute('href')).toBe(`/?project=${project.id}`);
    // Out of the project: the link goes.
    await act(() => store.updateChatSettings(chatId, { projectId: undefined }));
    expect(within(header()).queryByRole('link', { name: /^Project:/ })).toBeNull();
    await act(() => store.updateChatSettings(chatId, { projectId: project.id }));
    fireEvent.click(within(header()).getByRole('link', { name: 'Project: Garden plans' }));
    expect(history.getSnapshot()).toMatchObject({ pathname: '/', search: `?project=${project.id}` });
  });
});

describe('the header’s mark', () => {
  it('shows nothing while the chat follows its defaults, “Custom” once it has its own, and opens Chat settings', async () => {
    await library.setDefaults({ temperature: 0.5 });
    const { store, chatId } = await openChat();
    await settle();
    expect(mark()).toBeNull();
    // The same value as the defaults is no difference.
    await act(() => store.updateChatSettings(chatId, { temperature: 0.5 }));
    expect(mark()).toBeNull();
    await act(() => store.updateChatSettings(chatId, { temperature: 1.1 }));
    expect(mark()!.textContent).toBe('Custom');
    expect(mark()!.dataset.state).toBe('custom');
    await click(mark()!);
    expect(dialog()).toBeTruthy();
  });

  it('Reset to defaults clears the chat’s own settings and its preset, and the mark goes', async () => {
    const { store, chatId, chat } = await openChat();
    await act(() => store.updateChatSettings(chatId, { systemPrompt: 'Be terse.', temperature: 1.1, maxTokens: 40, toolServers: ['x'] }));
    expect(mark()!.textContent).toBe('Custom');
    openSettings();
    await click(within(dialog()).getByRole('button', { name: 'Reset to defaults' }));
    expect(screen.queryByRole('dialog', { name: 'Chat settings' })).toBeNull();
    expect(chat()).toMatchObject({ systemPrompt: undefined, temperature: undefined, maxTokens: undefined, toolServers: undefined, presetId: undefined });
    expect(mark()).toBeNull();
  });

  it('names the preset a chat started with, until the chat changes what the preset set', async () => {
    const preset = await library.createPreset({ name: 'Careful', systemPrompt: 'Think first.', temperature: 0.2 });
    const { store, chatId } = await openChat();
    await act(() => store.updateChatSettings(chatId, { systemPrompt: 'Think first.', temperature: 0.2, presetId: preset.id }));
    expect(mark()!.textContent).toBe('Careful');
    expect(mark()!.dataset.state).toBe('preset');
    await act(() => store.updateChatSettings(chatId, { temperature: 0.9 }));
    expect(mark()!.textContent).toBe('Custom');
  });
});

describe('Chat settings and the library', () => {
  it('Save as preset: a preset of the chat’s settings as in the form, remembered by the chat', async () => {
    const { chat } = await openChat();
    openSettings();
    fireEvent.change(within(dialog()).getByLabelText('System prompt'), { target: { value: 'Reply in French.' } });
    fireEvent.change(within(dialog()).getByLabelText('Temperature'), { target: { value: '0.4' } });
    const save = within(dialog()).getByRole('button', { name: 'Save as preset' });
    expect(save).toHaveProperty('disabled', true);
    fireEvent.change(within(dialog()).getByLabelText('Preset name'), { target: { value: '  French  ' } });
    await click(save);
    await settle();
    const [preset] = library.getSnapshot().presets;
    expect(preset).toMatchObject({ name: 'French', systemPrompt: 'Reply in French.', temperature: 0.4 });
    expect(preset).not.toHaveProperty('maxTokens');
    expect(chat()).toMatchObject({ presetId: preset!.id, systemPrompt: 'Reply in French.', temperature: 0.4 });
    expect(within(dialog()).getByText('Saved as the preset “French”.')).toBeTruthy();
    expect(mark()!.textContent).toBe('French');
  });

  it('“What the model receives”: every part in order, labelled with its source and tokens, as plain text', async () => {
    await library.setInstructions({ about: 'I am <b>Ana</b>.', style: '' });
    await library.setDefaults({ systemPrompt: 'Default prompt.' });
    await openChat();
    openSettings();
    const receives = within(dialog()).getByText('What the model receives').closest('details')!;
    const parts = () => [...receives.querySelectorAll('li')].map((li) => [li.dataset.source, li.querySelector('.chat-setup-panel__part-head')!.textContent, li.querySelector('pre')!.textContent]);
    expect(parts()).toEqual([
      ['instructions', 'Your instructions (Settings → Instructions)≈ 8 tokens', 'About the user:\nI am <b>Ana</b>.'],
      ['chat', 'This chat’s system prompt≈ 4 tokens', 'Default prompt.'],
    ]);
    // Never HTML: the tag stays text.
    expect(receives.querySelector('b')).toBeNull();
    // It follows the form: the chat's own prompt replaces the defaults'.
    fireEvent.change(within(dialog()).getByLabelText('System prompt'), { target: { value: 'Mine.' } });
    expect(parts()[1]).toEqual(['chat', 'This chat’s system prompt≈ 2 tokens', 'Mine.']);
  });

  it('says when nothing is sent before the conversation', async () => {
    await openChat();
    openSettings();
    expect(within(dialog()).getByText('No system message: the model receives only the conversation.')).toBeTruthy();
  });
});

describe('the chat and its defaults', () => {
  it('picking a preset in the chat’s model picker copies its values into the chat', async () => {
    await preloadModelPickerPopover();
    const harness = makeConnectionsStore();
    await harness.store.init();
    resetConnectionsStore(harness.store);
    const added = harness.store.add({ name: 'Ollama', kind: 'ollama', baseUrl: 'http://localhost:11434/v1' });
    if (!added.ok) throw new Error('not added');
    const id = added.connection.id;
    const preset = await library.createPreset({ name: 'Careful', model: `${id}/llama3.2`, systemPrompt: 'Think first.', temperature: 0.2 });
    const { chat } = await openChat(`${id}/qwen3`);
    await act(() => harness.answer(['llama3.2', 'qwen3']));
    await click(within(header()).getByRole('button', { name: 'Model qwen3' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Search models' }), { target: { value: 'care' } });
    await act(async () => {
      fireEvent.keyDown(screen.getByRole('combobox', { name: 'Search models' }), { key: 'Enter' });
      await flushPromises();
    });
    expect(chat()).toMatchObject({ model: `${id}/llama3.2`, systemPrompt: 'Think first.', temperature: 0.2, presetId: preset.id });
    expect(mark()!.textContent).toBe('Careful');
    // The model stays shown in the picker; the mark names the preset.
    expect(within(header()).getByRole('button', { name: 'Model llama3.2' })).toBeTruthy();
  });

  it('the Tools menu shows the defaults’ tool servers for a chat without its own', async () => {
    const tools = createToolSettingsStore({ load: async () => undefined, save: async () => {} });
    const server = await tools.addServer({ label: 'Files', url: 'http://127.0.0.1:9/mcp' });
    resetToolSettings(tools);
    await library.setDefaults({ toolServers: [server.id] });
    const { chat } = await openChat();
    await settle();
    expect(screen.getByRole('button', { name: 'Tools: 1' })).toBeTruthy();
    expect(chat().toolServers).toBeUndefined();
  });
});
