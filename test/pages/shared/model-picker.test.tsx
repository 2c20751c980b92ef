import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConnectionsStore, type Connection, type ModelPreferences } from '../../../src/chat/connections';
import { createModelPreferences } from '../../../src/chat/connections/model-preferences';
import { MODEL_LIST_STALE_MS, ModelPicker, preloadModelPickerPopover } from '../../../src/pages/shared';
import { flushPromises, makeConnectionsStore, type StoreHarness } from '../../chat/connections/connections-harness';


let harness: StoreHarness;
let preferences: ModelPreferences;
let ollama: Connection;
let box: Connection;

// The list's code loads the first time a picker opens; fetched here, it opens within the click.
beforeAll(async () => {
  await preloadModelPickerPopover();
});

beforeEach(async () => {
  harness = makeConnectionsStore({}, { now: () => Date.now() });
  await harness.store.init();
  preferences = createModelPreferences({ load: async () => undefined, save: async () => {} });
  await preferences.init();
  resetConnectionsStore(harness.store, preferences);
  const a = harness.store.add({ name: 'Ollama', kind: 'ollama', baseUrl: 'http://localhost:11434/v1' });
  const b = harness.store.add({ name: 'Box', kind: 'llamacpp', baseUrl: 'http://box:8080/v1' });
  if (!a.ok || !b.ok) throw new Error('not added');
  ollama = a.connection;
  box = b.connection;
});
afterEach(() => {
  // Unmount first: a render after the resets below would create fresh (real) stores.
  cleanup();
  resetConnectionsStore();
});

function Picker({ initial, forChat = true }: { initial?: string; forChat?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <ModelPicker value={value} onValueChange={setValue} {...(forChat && { onPresetPick: () => {} })} />
      <output aria-label="Chosen">{value ?? ''}</output>
    </>
  );
}

const trigger = () => screen.getByRole('button', { name: /^Model/ });
const search = () => screen.getByRole('combobox', { name: 'Search models' }) as HTMLInputElement;
const listbox = () => screen.getByRole('listbox', { name: 'Models' });
const groups = () =>
  within(listbox())
    .getAllByRole('group')
    .map((group) => [group.textContent === null ? '' : document.getElementById(group.getAttribute('aria-labelledby')!)!.textContent, within(group).getAllByRole('option').map((o) => o.textContent)]);
const active = () => document.getElementById(search().getAttribute('aria-activedescendant') ?? '')?.textContent;
const count = () => screen.getAllByRole('status').find((element) => element.closest('.model-picker__popover'))!.textContent;
const key = (name: string) => fireEvent.keyDown(search(), { key: name });

async function answerAll(lists: Record<string, string[]>) {
  await act(async () => {
    for (const call of harness.calls) {
      const owner = call.connection.baseUrl === ollama.baseUrl ? 'ollama' : 'box';
      call.answer.resolve(lists[owner] ?? []);
    }
    await flushPromises();
  });
}

async function openPicker() {
  await act(async () => {
    fireEvent.click(trigger());
  });
}

describe('ModelPicker', () => {
  it('asks every connection for its models when it first shows, and lists them grouped by connection', async () => {
    render(<Picker />);
    expect(harness.calls.map((c) => c.connection.baseUrl)).toEqual([ollama.baseUrl, box.baseUrl]);
    expect(trigger().dataset.state).toBe('loading');
    await openPicker();
    expect(groups()).toEqual([
      ['Ollama', ['Loading models…']],
      ['Box', ['Loading models…']],
    ]);
    await answerAll({ ollama: ['llama3.2', 'qwen3'], box: ['gemma-3-4b'] });
    expect(groups()).toEqual([
      ['Ollama', ['llama3.2', 'qwen3']],
      ['Box', ['gemma-3-4b']],
    ]);
    expect(trigger().dataset.state).toBe('ready');
  });

  it('a button named by its label and current model opens a listbox popup with the search field focused', async () => {
    render(<Picker initial={`${ollama.id}/qwen3`} />);
    await answerAll({ ollama: ['llama3.2', 'qwen3'], box: [] });
    expect(trigger().textContent).toBe('Modelqwen3');
    expect(trigger().getAttribute('aria-haspopup')).toBe('listbox');
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    await openPicker();
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
    expect(search().getAttribute('aria-controls')).toBe(listbox().id);
    expect(document.activeElement).toBe(search());
    // The current model is where the keyboard starts, and shows as selected.
    expect(active()).toBe('qwen3');
    expect(screen.getByRole('option', { selected: true }).textContent).toBe('qwen3');
  });

  it('filters as the user types (case and accents aside, on the model id and the connection name) and says when nothing matches', async () => {
    render(<Picker />);
    await answerAll({ ollama: ['llama3.2', 'Mistral-Médium'], box: ['gemma-3-4b', 'medium-box'] });
    await openPicker();
    fireEvent.change(search(), { target: { value: 'MEDIUM' } });
    expect(groups()).toEqual([
      ['Ollama', ['Mistral-Médium']],
      ['Box', ['medium-box']],
    ]);
    expect(count()).toBe('2 models');
    fireEvent.change(search(), { target: { value: 'box' } });
    expect(groups()).toEqual([['Box', ['gemma-3-4b', 'medium-box']]]);
    fireEvent.change(search(), { target: { value: 'nothing like it' } });
    expect(within(listbox()).queryAllByRole('option')).toEqual([]);
    expect(count()).toBe('No model matches “nothing like it”');
  });

  it('walks the options with the arrows, Home and End; Enter picks, closes, and returns focus to the button', async () => {
    render(<Picker />);
    await answerAll({ ollama: ['a', 'b'], box: ['c'] });
    await openPicker();
    expect(active()).toBe('a');
    key('ArrowDown');
    key('ArrowDown');
    expect(active()).toBe('c');
    key('ArrowDown');
    expect(active()).toBe('c');
    key('Home');
    expect(active()).toBe('a');
    key('End');
    expect(active()).toBe('c');
    key('ArrowUp');
    expect(active()).toBe('b');
    await act(async () => key('Enter'));
    expect(screen.getByRole('status', { name: 'Chosen' }).textContent).toBe(`${ollama.id}/b`);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(trigger());
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
  });

  it('Escape closes without picking and returns focus to the button; ArrowDown on the button opens it', async () => {
    render(<Picker initial={`${box.id}/c`} />);
    await answerAll({ ollama: ['a'], box: ['c'] });
    trigger().focus();
    await act(async () => {
      fireEvent.keyDown(trigger(), { key: 'ArrowDown' });
    });
    expect(document.activeElement).toBe(search());
    key('ArrowUp');
    await act(async () => key('Escape'));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(document.activeElement).toBe(trigger());
    expect(screen.getByRole('status', { name: 'Chosen' }).textContent).toBe(`${box.id}/c`);
  });

  it('lists the models used lately first, under Recent, and remembers a pick there', async () => {
    preferences.noteUsed(`${box.id}/c`);
    render(<Picker />);
    await answerAll({ ollama: ['a', 'b'], box: ['c'] });
    await openPicker();
    expect(groups()[0]).toEqual(['Recent', ['cBox']]);
    key('ArrowDown');
    key('ArrowDown');
    await act(async () => key('Enter'));
    expect(preferences.getSnapshot().recentModels).toEqual([`${ollama.id}/b`, `${box.id}/c`]);
    await openPicker();
    expect(groups()[0]).toEqual(['Recent', ['bOllama', 'cBox']]);
  });

  it('remembers only a model chosen for a chat: a pick for titles, summaries or a preset stays out of Recent', async () => {
    preferences.noteUsed(`${box.id}/c`);
    render(<Picker forChat={false} />);
    await answerAll({ ollama: ['a', 'b'], box: ['c'] });
    await openPicker();
    // Recent is still offered first there.
    expect(groups()[0]).toEqual(['Recent', ['cBox']]);
    key('ArrowDown');
    key('ArrowDown');
    await act(async () => key('Enter'));
    expect(screen.getByRole('status', { name: 'Chosen' }).textContent).toBe(`${ollama.id}/b`);
    expect(preferences.getSnapshot().recentModels).toEqual([`${box.id}/c`]);
  });

  it('opens at the top with Recent showing: the current model is marked there, not further down', async () => {
    preferences.noteUsed(`${box.id}/c`);
    render(<Picker initial={`${box.id}/c`} />);
    await answerAll({ ollama: ['a', 'b'], box: ['c'] });
    await openPicker();
    const current = document.getElementById(search().getAttribute('aria-activedescendant')!)!;
    expect(current.closest('[role="group"]')!.getAttribute('data-group')).toBe('recent');
    expect(current.textContent).toBe('cBox');
  });

  it('lists embedding models apart, after the models that chat, named as such', async () => {
    render(<Picker />);
    await act(async () => {
      for (const call of harness.calls) call.answer.resolve(call.connection.baseUrl === ollama.baseUrl ? { ids: ['llama3.2', 'nomic-embed-text'], embedding: { 'nomic-embed-text': true }, firstChat: 'llama3.2' } : []);
      await flushPromises();
    });
    await openPicker();
    expect(groups()).toEqual([
      ['Ollama', ['llama3.2']],
      ['Box', ['No models on this server']],
      ['Embedding models, cannot chat · Ollama', ['nomic-embed-text']],
    ]);
  });

  it('says when a server failed, lists nothing, or was never confirmed', async () => {
    const pending = harness.store.add({ name: 'New', kind: 'custom', baseUrl: 'http://localhost:8000/v1', pending: true });
    if (!pending.ok) throw new Error('not added');
    render(<Picker />);
    await act(async () => {
      harness.calls[0]!.answer.reject(new Error('down'));
      harness.calls[1]!.answer.resolve([]);
      await flushPromises();
    });
    // The pending connection was asked nothing.
    expect(harness.calls).toHaveLength(2);
    expect(trigger().dataset.state).toBe('empty');
    await openPicker();
    // Opening asks the failed server again; it fails again.
    await act(async () => {
      harness.calls[2]!.answer.reject(new Error('down'));
      await flushPromises();
    });
    expect(groups()).toEqual([
      ['Ollama', ['Could not load the models']],
      ['Box', ['No models on this server']],
      ['New', ['Not tested yet: press Test connection in Settings']],
    ]);
    expect(within(listbox()).getAllByRole('option').every((option) => option.getAttribute('aria-disabled') === 'true')).toBe(true);
  });

  it('shows a model whose connection is gone as unavailable, and says so in the list', async () => {
    render(<Picker initial="gone/llama3.2" />);
    expect(trigger().dataset.state).toBe('unavailable');
    expect(trigger().textContent).toBe('Modelllama3.2 (not connected)');
    await openPicker();
    expect(screen.getByText('This model’s connection was removed. Pick another model to continue.')).toBeTruthy();
  });

  it('asks again on opening for lists that failed or are older than a minute, not for fresh ones', async () => {
    render(<Picker />);
    await act(async () => {
      harness.calls[0]!.answer.reject(new Error('down'));
      harness.calls[1]!.answer.resolve(['a']);
      await flushPromises();
    });
    await openPicker();
    expect(harness.calls.map((c) => c.connection.baseUrl)).toEqual([ollama.baseUrl, box.baseUrl, ollama.baseUrl]);
    await act(async () => key('Escape'));
    expect(MODEL_LIST_STALE_MS).toBe(60_000);
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + MODEL_LIST_STALE_MS + 1);
    await openPicker();
    // The failed list is already being asked again; the old one is asked now.
    expect(harness.calls.map((c) => c.connection.baseUrl)).toEqual([ollama.baseUrl, box.baseUrl, ollama.baseUrl, box.baseUrl]);
  });

  it('is disabled with nothing to choose when there is no connection', () => {
    harness.store.remove(ollama.id);
    harness.store.remove(box.id);
    render(<Picker />);
    expect((trigger() as HTMLButtonElement).disabled).toBe(true);
    expect(trigger().textContent).toBe('ModelNo models available');
  });
});
