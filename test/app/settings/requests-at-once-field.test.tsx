// Settings → Connections → Requests at once (issue 38): Automatic or a whole number from 1 to 16,
// saved as the connection's maxConcurrent; the hint says what Automatic does for this connection.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SettingsDialog } from '../../../src/app/settings';
import { resetConnectionsStore, type ConnectionInput } from '../../../src/chat/connections';
import { createModelPreferences } from '../../../src/chat/connections/model-preferences';
import { TooltipProvider } from '../../../src/ui/tooltip';
import { flushPromises, makeConnectionsStore, type StoreHarness } from '../../chat/connections/connections-harness';

let harness: StoreHarness;

beforeEach(async () => {
  harness = makeConnectionsStore();
  await harness.store.init();
  resetConnectionsStore(harness.store, createModelPreferences({ load: async () => undefined, save: async () => {} }));
});
afterEach(() => {
  cleanup();
  resetConnectionsStore();
});

function Host() {
  const [section, setSection] = useState('');
  return (
    <TooltipProvider>
      <SettingsDialog open onOpenChange={() => {}} section={section} onSectionChange={setSection} />
    </TooltipProvider>
  );
}

const dialog = () => screen.getByRole('dialog', { name: 'Settings' });
const field = () => within(dialog()).getByRole('textbox', { name: 'Requests at once' }) as HTMLInputElement;
const connection = () => harness.store.getSnapshot().connections[0]!;
const settle = () => act(flushPromises);
/** The hint the field names as its description, beginning "Automatic:". */
const automaticHint = () => {
  const ids = field().getAttribute('aria-describedby')!.split(' ');
  return ids.map((id) => document.getElementById(id)!.textContent!).find((text) => text.startsWith('Automatic:'));
};

async function open(input: ConnectionInput) {
  harness.store.add(input);
  render(<Host />);
  await settle();
  fireEvent.click(within(dialog()).getByRole('button', { name: new RegExp(`^${input.name}`) }));
}

const enter = async (value: string, how: 'blur' | 'enter' = 'blur') => {
  fireEvent.change(field(), { target: { value } });
  await act(async () => {
    if (how === 'enter') fireEvent.keyDown(field(), { key: 'Enter' });
    else fireEvent.blur(field());
  });
};

describe('Requests at once: what Automatic means for this connection', () => {
  it.each([
    ['Ollama on this machine', { kind: 'ollama', baseUrl: 'http://localhost:11434/v1' }, 'Automatic: one at a time (a server on this machine or network).'],
    ['vLLM on the local network', { kind: 'vllm', baseUrl: 'http://192.168.1.20:8000/v1' }, 'Automatic: one at a time (a server on this machine or network).'],
    ['OpenAI', { kind: 'openai', baseUrl: 'https://api.openai.com/v1', apiKey: 'sk-x' }, 'Automatic: all at once (a cloud service).'],
    ['OpenRouter behind a local proxy', { kind: 'openrouter', baseUrl: 'http://localhost:4000/v1', apiKey: 'sk-x' }, 'Automatic: all at once (a cloud service).'],
    ['Claude', { kind: 'custom', baseUrl: 'https://api.anthropic.com/v1', api: 'anthropic', apiKey: 'sk-ant' }, 'Automatic: all at once (a cloud service).'],
    ['llama.cpp on this machine', { kind: 'llamacpp', baseUrl: 'http://127.0.0.1:8080/v1' }, 'Automatic: as many as the server’s slots (one if it does not say).'],
    ['A custom server here', { kind: 'custom', baseUrl: 'http://localhost:8000/v1' }, 'Automatic: as many as the server’s slots (one if it does not say).'],
    ['llama.cpp hosted', { kind: 'llamacpp', baseUrl: 'https://llm.example.com/v1' }, 'Automatic: as many as the server’s slots (all at once if it does not say).'],
    ['A hosted server', { kind: 'custom', baseUrl: 'https://llm.example.com/v1' }, 'Automatic: all at once (a server on the internet).'],
  ] as const)('%s', async (name, input, hint) => {
    await open({ name, ...input } as ConnectionInput);
    expect(field().value).toBe('');
    expect(field().placeholder).toBe('Automatic');
    expect(automaticHint()).toBe(hint);
  });

  it('follows the server type as it changes', async () => {
    await open({ name: 'Box', kind: 'ollama', baseUrl: 'http://localhost:8080/v1' });
    expect(automaticHint()).toBe('Automatic: one at a time (a server on this machine or network).');
    fireEvent.change(within(dialog()).getByRole('combobox', { name: 'Server type' }), { target: { value: 'llamacpp' } });
    await settle();
    expect(automaticHint()).toBe('Automatic: as many as the server’s slots (one if it does not say).');
  });
});

describe('Requests at once: a number is saved, Automatic clears it, bad input is refused', () => {
  it('saves a whole number as maxConcurrent (on leaving the field and on Enter)', async () => {
    await open({ name: 'Box', kind: 'ollama', baseUrl: 'http://localhost:11434/v1' });
    await enter('2');
    expect(connection().maxConcurrent).toBe(2);
    expect(field().hasAttribute('aria-invalid')).toBe(false);
    await enter(' 16 ', 'enter');
    expect(connection().maxConcurrent).toBe(16);
    await settle();
    expect(harness.settings.get('connections')).toMatchObject([{ name: 'Box', maxConcurrent: 16 }]);
  });

  it.each(['0', '2.5', 'two', '99', '-1', '1e1'])('refuses %s with a message, and keeps what was saved', async (bad) => {
    await open({ name: 'Box', kind: 'ollama', baseUrl: 'http://localhost:11434/v1', maxConcurrent: 3 });
    expect(field().value).toBe('3');
    await enter(bad);
    const alert = within(dialog()).getByRole('alert');
    expect(alert.textContent).toBe('Enter a whole number from 1 to 16, or leave it empty for Automatic. Not saved.');
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(field().getAttribute('aria-describedby')!.split(' ')).toContain(alert.id);
    expect(connection().maxConcurrent).toBe(3);
    // Fixed, the message goes and the number is saved.
    await enter('4');
    expect(within(dialog()).queryByRole('alert')).toBeNull();
    expect(connection().maxConcurrent).toBe(4);
  });

  it('Use Automatic clears the number and hands focus to the field; so does emptying it', async () => {
    await open({ name: 'Box', kind: 'ollama', baseUrl: 'http://localhost:11434/v1' });
    expect(within(dialog()).queryByRole('button', { name: 'Use Automatic' })).toBeNull();
    await enter('5');
    const automatic = within(dialog()).getByRole('button', { name: 'Use Automatic' });
    await act(async () => {
      automatic.focus();
      fireEvent.click(automatic);
    });
    expect(connection()).not.toHaveProperty('maxConcurrent');
    expect(field().value).toBe('');
    expect(document.activeElement).toBe(field());
    expect(within(dialog()).queryByRole('button', { name: 'Use Automatic' })).toBeNull();

    await enter('3');
    expect(connection().maxConcurrent).toBe(3);
    await enter('   ');
    expect(connection()).not.toHaveProperty('maxConcurrent');
  });

  it('shows a number set elsewhere (a restore, another tab)', async () => {
    await open({ name: 'Box', kind: 'ollama', baseUrl: 'http://localhost:11434/v1' });
    await act(async () => {
      harness.store.update(connection().id, { maxConcurrent: 7 });
    });
    expect(field().value).toBe('7');
  });
});
