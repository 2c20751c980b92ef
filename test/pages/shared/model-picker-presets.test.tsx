// Issue 23: the user's presets in the model picker, above the models, searchable like them.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetConnectionsStore, type Connection } from '../../../src/chat/connections';
import { createModelPreferences } from '../../../src/chat/connections/model-preferences';
import { createLibraryStore, resetLibraryStore } from '../../../src/chat/library';
import { ModelPicker, preloadModelPickerPopover, type PresetChoice } from '../../../src/pages/shared';
import { flushPromises, makeConnectionsStore, type StoreHarness } from '../../chat/connections/connections-harness';
import { memoryLibraryIo } from '../../chat/library/memory-library-io';

let harness: StoreHarness;
let ollama: Connection;

beforeAll(async () => {
  await preloadModelPickerPopover();
});
beforeEach(async () => {
  harness = makeConnectionsStore({}, { now: () => Date.now() });
  await harness.store.init();
  const preferences = createModelPreferences({ load: async () => undefined, save: async () => {} });
  await preferences.init();
  resetConnectionsStore(harness.store, preferences);
  const added = harness.store.add({ name: 'Ollama', kind: 'ollama', baseUrl: 'http://localhost:11434/v1' });
  if (!added.ok) throw new Error('not added');
  ollama = added.connection;
  const library = createLibraryStore({ io: memoryLibraryIo(), channel: null });
  await library.createPreset({ name: 'Writer', model: `${ollama.id}/qwen3`, systemPrompt: 'You edit prose.', temperature: 0.9 });
  await library.createPreset({ name: 'Coder', systemPrompt: 'You write TypeScript.', temperature: 0.1, toolServers: [] });
  resetLibraryStore(library);
});
afterEach(() => {
  cleanup();
  resetConnectionsStore();
  resetLibraryStore();
});

function Picker({ withPresets }: { withPresets: boolean }) {
  const [value, setValue] = useState<string>();
  const [preset, setPreset] = useState<PresetChoice>();
  return (
    <>
      <ModelPicker value={value} preset={preset?.name} onValueChange={setValue} onPresetPick={withPresets ? setPreset : undefined} />
      <output aria-label="Chosen">{JSON.stringify(preset?.settings ?? value ?? null)}</output>
    </>
  );
}

const trigger = () => screen.getByRole('button', { name: /^Model/ });
const search = () => screen.getByRole('combobox', { name: 'Search models' }) as HTMLInputElement;
const groups = () =>
  within(screen.getByRole('listbox', { name: 'Models' }))
    .getAllByRole('group')
    .map((group) => [document.getElementById(group.getAttribute('aria-labelledby')!)!.textContent, within(group).getAllByRole('option').map((o) => o.textContent)]);
const chosen = () => JSON.parse(screen.getByRole('status', { name: 'Chosen' }).textContent!) as unknown;

async function open() {
  await act(async () => {
    for (const call of harness.calls) call.answer.resolve(['llama3.2', 'qwen3']);
    await flushPromises();
  });
  await act(async () => {
    fireEvent.click(trigger());
    await flushPromises();
  });
}

describe('presets in the model picker', () => {
  it('lists them above the models, each with its model, searchable by name or model', async () => {
    render(<Picker withPresets />);
    await open();
    expect(groups()).toEqual([
      ['Presets', ['Coder', 'Writerqwen3']],
      ['Ollama', ['llama3.2', 'qwen3']],
    ]);
    fireEvent.change(search(), { target: { value: 'writ' } });
    expect(groups()).toEqual([['Presets', ['Writerqwen3']]]);
    fireEvent.change(search(), { target: { value: 'qwen' } });
    expect(groups()).toEqual([
      ['Presets', ['Writerqwen3']],
      ['Ollama', ['qwen3']],
    ]);
  });

  it('picking one hands over what a chat takes from it, and the button then names it', async () => {
    render(<Picker withPresets />);
    await open();
    fireEvent.change(search(), { target: { value: 'writer' } });
    await act(async () => {
      fireEvent.keyDown(search(), { key: 'Enter' });
    });
    expect(screen.queryByRole('combobox', { name: 'Search models' })).toBeNull();
    expect(document.activeElement).toBe(trigger());
    expect(trigger().textContent).toBe('ModelWriter');
    const presetId = (chosen() as { presetId: string }).presetId;
    expect(chosen()).toEqual({ model: `${ollama.id}/qwen3`, systemPrompt: 'You edit prose.', temperature: 0.9, presetId });
  });

  it('lists none where presets do not apply (Settings’ model fields)', async () => {
    render(<Picker withPresets={false} />);
    await open();
    expect(groups()).toEqual([['Ollama', ['llama3.2', 'qwen3']]]);
  });
});
