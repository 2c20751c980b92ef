import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConnectionsStore, type Connection } from '../../../src/chat/connections';
import { MODEL_LIST_STALE_MS, ModelPicker } from '../../../src/pages/shared';
import { flushPromises, makeConnectionsStore, type StoreHarness } from '../../chat/connections/connections-harness';

let harness: StoreHarness;
let ollama: Connection;
let box: Connection;

beforeEach(async () => {
  harness = makeConnectionsStore({}, { now: () => Date.now() });
  await harness.store.init();
  resetConnectionsStore(harness.store);
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

function Picker({ initial }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <ModelPicker value={value} onValueChange={setValue} />
      <output aria-label="Chosen">{value ?? ''}</output>
    </>
  );
}

const picker = () => screen.getByRole('combobox', { name: 'Model' }) as HTMLSelectElement;
const groups = () =>
  [...picker().querySelectorAll('optgroup')].map((group) => [group.label, [...group.querySelectorAll('option')].map((o) => o.textContent)]);

async function answerAll(lists: Record<string, string[]>) {
  await act(async () => {
    for (const call of harness.calls) {
      const owner = call.connection.baseUrl === ollama.baseUrl ? 'ollama' : 'box';
      call.answer.resolve(lists[owner] ?? []);
    }
    await flushPromises();
  });
}

describe('ModelPicker', () => {
  it('asks every connection for its models when it first shows, and lists them grouped by connection', async () => {
    render(<Picker />);
    expect(harness.calls.map((c) => c.connection.baseUrl)).toEqual([ollama.baseUrl, box.baseUrl]);
    expect(picker().dataset.state).toBe('loading');
    expect(groups()).toEqual([
      ['Ollama', ['Loading models…']],
      ['Box', ['Loading models…']],
    ]);
    await answerAll({ ollama: ['llama3.2', 'qwen3'], box: ['gemma-3-4b'] });
    expect(groups()).toEqual([
      ['Ollama', ['llama3.2', 'qwen3']],
      ['Box', ['gemma-3-4b']],
    ]);
    expect(picker().dataset.state).toBe('ready');
  });

  it('reports the reference of the chosen model', async () => {
    render(<Picker />);
    await answerAll({ ollama: ['llama3.2', 'org/model'], box: [] });
    expect(within(picker()).getByRole('option', { name: 'Choose a model' })).toBeTruthy();
    fireEvent.change(picker(), { target: { value: `${ollama.id}/org/model` } });
    expect(screen.getByRole('status', { name: 'Chosen' }).textContent).toBe(`${ollama.id}/org/model`);
    expect(picker().value).toBe(`${ollama.id}/org/model`);
    expect(within(picker()).queryByRole('option', { name: 'Choose a model' })).toBeNull();
  });

  it('says when a server failed or lists nothing', async () => {
    render(<Picker />);
    await act(async () => {
      harness.calls[0]!.answer.reject(new Error('down'));
      harness.calls[1]!.answer.resolve([]);
      await flushPromises();
    });
    expect(groups()).toEqual([
      ['Ollama', ['Could not load the models']],
      ['Box', ['No models on this server']],
    ]);
    expect(picker().dataset.state).toBe('empty');
  });

  it('shows the chosen model before the lists arrive, in its connection’s group', () => {
    render(<Picker initial={`${box.id}/gemma-3-4b`} />);
    expect(picker().value).toBe(`${box.id}/gemma-3-4b`);
    expect(groups()[1]).toEqual(['Box', ['gemma-3-4b', 'Loading models…']]);
  });

  it('shows a model whose connection is gone as not connected', () => {
    render(<Picker initial="gone/llama3.2" />);
    expect((picker().selectedOptions[0] as HTMLOptionElement).textContent).toBe('llama3.2 (not connected)');
  });

  it('asks again on focus for lists that failed or are older than a minute, not for fresh ones', async () => {
    render(<Picker />);
    await act(async () => {
      harness.calls[0]!.answer.reject(new Error('down'));
      harness.calls[1]!.answer.resolve(['a']);
      await flushPromises();
    });
    fireEvent.focus(picker());
    expect(harness.calls.map((c) => c.connection.baseUrl)).toEqual([ollama.baseUrl, box.baseUrl, ollama.baseUrl]);
    expect(MODEL_LIST_STALE_MS).toBe(60_000);
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + MODEL_LIST_STALE_MS + 1);
    fireEvent.pointerDown(picker());
    // The failed list is already being asked again; the old one is asked now.
    expect(harness.calls.map((c) => c.connection.baseUrl)).toEqual([ollama.baseUrl, box.baseUrl, ollama.baseUrl, box.baseUrl]);
  });

  it('is disabled with nothing to choose when there is no connection', () => {
    harness.store.remove(ollama.id);
    harness.store.remove(box.id);
    render(<Picker />);
    expect(picker().disabled).toBe(true);
    expect(within(picker()).getByRole('option').textContent).toBe('No models available');
  });
});
