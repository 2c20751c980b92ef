import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SettingsDialog } from '../../../src/app/settings';
import { settingsInitialFocus } from '../../../src/app/settings/settings-dialog';
import { CONNECTIONS_KEY, resetConnectionsStore } from '../../../src/chat/connections';
import { OpenAiModelError } from '../../../src/chat/wire';
import { TooltipProvider } from '../../../src/ui/tooltip';
import { flushPromises, makeConnectionsStore, type StoreHarness } from '../../chat/connections/connections-harness';
import { preloadModelPickerPopover } from '../../../src/pages/shared';

let harness: StoreHarness;

// The list's code loads the first time a picker opens; fetched here, it opens within the click.
beforeAll(async () => {
  await preloadModelPickerPopover();
});

beforeEach(async () => {
  harness = makeConnectionsStore();
  await harness.store.init();
  resetConnectionsStore(harness.store);
});
afterEach(() => {
  // Unmount first: a render after the resets below would create fresh (real) stores.
  cleanup();
  resetConnectionsStore();
});

function Host({ opensAt = '' }: { opensAt?: string }) {
  const [open, setOpen] = useState(true);
  const [section, setSection] = useState(opensAt);
  return (
    <TooltipProvider>
      <SettingsDialog open={open} onOpenChange={setOpen} section={section} onSectionChange={setSection} />
    </TooltipProvider>
  );
}

const dialog = () => screen.getByRole('dialog', { name: 'Settings' });
const field = (name: string | RegExp) => within(dialog()).getByLabelText(name) as HTMLInputElement;
const button = (name: string | RegExp) => within(dialog()).getByRole('button', { name });
const connections = () => harness.store.getSnapshot().connections;
const settle = () => act(flushPromises);

async function addPreset(label: string) {
  render(<Host />);
  await act(async () => {
    fireEvent.click(button('Add connection'));
  });
  await act(async () => {
    fireEvent.click(screen.getByRole('menuitem', { name: label }));
  });
}

describe('Settings: adding and editing connections', () => {
  it('starts empty, and a preset adds a connection that opens with its name field focused', async () => {
    render(<Host />);
    expect(within(dialog()).getByText('No connections yet. Add one to start chatting.')).toBeTruthy();
    fireEvent.click(button('Add connection'));
    const items = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual([
      'Ollama (http://localhost:11434/v1)',
      'llama.cpp server (http://localhost:8080/v1)',
      'LM Studio (http://localhost:1234/v1)',
      'vLLM (http://localhost:8000/v1)',
      'OpenAI (https://api.openai.com/v1)',
      'OpenRouter (https://openrouter.ai/api/v1)',
      'OpenAI-compatible server (http://localhost:8000/v1)',
      'Anthropic (https://api.anthropic.com/v1)',
      'OpenAI (Responses) (https://api.openai.com/v1)',
    ]);
    await act(async () => {
      fireEvent.click(screen.getByRole('menuitem', { name: 'Ollama (http://localhost:11434/v1)' }));
    });
    expect(connections()).toMatchObject([{ name: 'Ollama', kind: 'ollama', baseUrl: 'http://localhost:11434/v1' }]);
    const toggle = button(/^Ollama/);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(field('Name'));
    expect(field('Name').value).toBe('Ollama');
    expect(field('Base URL').value).toBe('http://localhost:11434/v1');
    await harness.store.flush();
    expect(harness.settings.get(CONNECTIONS_KEY)).toEqual(connections());
  });

  it('a hosted preset marks its key as required', async () => {
    await addPreset('OpenAI (https://api.openai.com/v1)');
    expect(field('API key').getAttribute('aria-required')).toBe('true');
  });

  it('saves each edit; a malformed address is flagged when the field is left and not saved', async () => {
    await addPreset('Ollama (http://localhost:11434/v1)');
    fireEvent.change(field('Name'), { target: { value: 'Desk' } });
    expect(connections()[0]!.name).toBe('Desk');

    fireEvent.change(field('Base URL'), { target: { value: 'ftp://desk' } });
    expect(field('Base URL').getAttribute('aria-invalid')).toBeNull();
    fireEvent.blur(field('Base URL'));
    expect(field('Base URL').getAttribute('aria-invalid')).toBe('true');
    const error = document.getElementById(field('Base URL').getAttribute('aria-describedby')!)!;
    expect(error.textContent).toBe('Use an http:// or https:// address.');
    expect(connections()[0]!.baseUrl).toBe('http://localhost:11434/v1');

    fireEvent.change(field('Base URL'), { target: { value: 'desk.local:11434/v1/' } });
    expect(field('Base URL').getAttribute('aria-invalid')).toBeNull();
    fireEvent.blur(field('Base URL'));
    expect(connections()[0]!.baseUrl).toBe('http://desk.local:11434/v1');
    expect(field('Base URL').value).toBe('http://desk.local:11434/v1');
  });

  it('saves the address when its field is left, not while it is typed (pickers would ask each half-typed one)', async () => {
    await addPreset('Ollama (http://localhost:11434/v1)');
    await settle();
    // The preset's address is only a suggestion: nobody asks it anything, nothing fails yet.
    expect(harness.calls).toEqual([]);
    expect(connections()[0]!.pending).toBe(true);
    expect(button(/^Ollama/).textContent).toContain('Not tested yet');
    expect(within(dialog()).queryByText('Nothing answered at this address')).toBeNull();
    // Tabbing through the unchanged address confirms nothing either.
    fireEvent.blur(field('Base URL'));
    await settle();
    expect(harness.calls).toEqual([]);
    for (const typed of ['http://d', 'http://de', 'http://desk:11434/v1']) fireEvent.change(field('Base URL'), { target: { value: typed } });
    expect(connections()[0]!.baseUrl).toBe('http://localhost:11434/v1');
    await act(async () => {
      fireEvent.blur(field('Base URL'));
    });
    expect(connections()[0]!.baseUrl).toBe('http://desk:11434/v1');
    expect(connections()[0]!.pending).toBeUndefined();
    expect(harness.calls.map((call) => call.connection.baseUrl)).toEqual(['http://desk:11434/v1']);
  });

  it('closing the dialog mid-edit keeps what was typed', async () => {
    await addPreset('OpenAI (https://api.openai.com/v1)');
    fireEvent.change(field('API key'), { target: { value: 'sk-typed' } });
    fireEvent.click(button('Done'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(connections()[0]!.apiKey).toBe('sk-typed');
  });

  it('masks the API key, with a show/hide toggle, and says where it is kept', async () => {
    await addPreset('OpenRouter (https://openrouter.ai/api/v1)');
    const key = field('API key');
    expect(key.type).toBe('password');
    const descriptions = key.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)!.textContent);
    expect(descriptions).toEqual([
      'Sent only to this connection’s address, once you have confirmed it.',
      `A stored key is kept in this browser, where any page served from ${location.origin} can read it.`,
    ]);
    fireEvent.change(key, { target: { value: 'sk-or-secret' } });
    fireEvent.blur(key);
    expect(connections()[0]!.apiKey).toBe('sk-or-secret');
    const toggle = button('Show API key');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(field('API key').type).toBe('text');
    expect(button('Show API key').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(button('Show API key'));
    expect(field('API key').type).toBe('password');
  });

  it('edits extra headers as rows: add, flag a bad name, remove', async () => {
    await addPreset('vLLM (http://localhost:8000/v1)');
    fireEvent.click(button('Add header'));
    expect(document.activeElement).toBe(field('Header 1 name'));
    fireEvent.change(field('Header 1 name'), { target: { value: 'X-Token' } });
    fireEvent.change(field('Header 1 value'), { target: { value: 'abc' } });
    fireEvent.blur(field('Header 1 value'));
    expect(connections()[0]!.headers).toEqual({ 'X-Token': 'abc' });

    fireEvent.click(button('Add header'));
    fireEvent.change(field('Header 2 name'), { target: { value: 'Bad Name' } });
    fireEvent.change(field('Header 2 value'), { target: { value: '1' } });
    fireEvent.blur(field('Header 2 value'));
    expect(field('Header 2 name').getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog()).getByText(/A header name may only use letters/)).toBeTruthy();
    expect(connections()[0]!.headers).toEqual({ 'X-Token': 'abc' });

    fireEvent.click(button('Remove header 1'));
    expect(within(dialog()).queryByLabelText('Header 2 name')).toBeNull();
    expect(field('Header 1 name').value).toBe('Bad Name');
    expect(connections()[0]!.headers).toBeUndefined();
    expect(document.activeElement).toBe(button('Add header'));
  });
});

describe('Settings: Test connection', () => {
  it('lists the models found, and the connection gets them (and a default model)', async () => {
    await addPreset('Ollama (http://localhost:11434/v1)');
    fireEvent.change(field('API key (optional)'), { target: { value: 'k' } });
    await act(async () => {
      fireEvent.click(button('Test connection'));
    });
    expect(button('Test connection').getAttribute('aria-busy')).toBe('true');
    expect(harness.calls.at(-1)!.connection).toEqual({ baseUrl: 'http://localhost:11434/v1', apiKey: 'k' });
    await act(() => harness.answer(['llama3.2', 'qwen3']));
    const result = within(dialog()).getAllByRole('status').find((element) => element.classList.contains('test-result'))!;
    expect(result.dataset.state).toBe('ok');
    expect(within(result).getByText('Connected: 2 models found')).toBeTruthy();
    expect(within(within(result).getByRole('list', { name: 'Models' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'llama3.2',
      'qwen3',
    ]);
    expect(harness.store.getSnapshot().defaultModel).toBe(`${connections()[0]!.id}/llama3.2`);
    expect(button(/^Ollama/).textContent).toContain('2 models');
    expect(button('Test connection').getAttribute('aria-busy')).toBeNull();
  });

  it('explains a CORS refusal from Ollama with OLLAMA_ORIGINS and this page’s origin', async () => {
    await addPreset('Ollama (http://localhost:11434/v1)');
    await act(async () => {
      fireEvent.click(button('Test connection'));
    });
    await act(() =>
      harness.fail(new OpenAiModelError('unreachable', 'Could not reach http://localhost:11434/v1/models (Failed to fetch)', { reason: 'cors' })),
    );
    const result = dialog().querySelector<HTMLElement>('.test-result')!;
    expect(result.getAttribute('role')).toBe('status');
    expect(result.dataset.state).toBe('failed');
    expect(within(result).getByText('The server blocked this page (CORS)')).toBeTruthy();
    expect(result.textContent).toContain(`OLLAMA_ORIGINS=${location.origin} ollama serve`);
    // No server said anything: the network failure is worded as one.
    expect(result.textContent).toContain('No server answered. The browser reported: Could not reach http://localhost:11434/v1/models (Failed to fetch)');
    expect(result.textContent).not.toContain('The server said');
  });

  it('says precisely that the key was rejected (401)', async () => {
    await addPreset('OpenAI (https://api.openai.com/v1)');
    await act(async () => {
      fireEvent.click(button('Test connection'));
    });
    await act(() => harness.fail(new OpenAiModelError('unauthorized', 'Incorrect API key provided', { status: 401 })));
    const result = dialog().querySelector<HTMLElement>('.test-result')!;
    expect(within(result).getByText('The server rejected the API key')).toBeTruthy();
    expect(result.textContent).toContain('The server said: Incorrect API key provided');
    expect(result.textContent).toContain('Check the API key of this connection in Settings');
  });

  it('a 404 at the address says the base URL probably needs /v1', async () => {
    await addPreset('llama.cpp server (http://localhost:8080/v1)');
    fireEvent.change(field('Base URL'), { target: { value: 'http://localhost:8080' } });
    await act(async () => {
      fireEvent.click(button('Test connection'));
    });
    expect(harness.calls.at(-1)!.connection.baseUrl).toBe('http://localhost:8080');
    await act(() => harness.fail(new OpenAiModelError('model-not-found', 'HTTP 404', { status: 404, reason: 'endpoint-not-found' })));
    expect(dialog().querySelector('.test-result')!.textContent).toContain('The base URL probably needs /v1 at the end');
  });
});

describe('Settings: removing a connection and the default model', () => {
  it('asks before removing; Cancel keeps it, Remove deletes it and focus goes to Add connection', async () => {
    await addPreset('LM Studio (http://localhost:1234/v1)');
    fireEvent.click(button('Remove connection'));
    const confirm = screen.getByRole('alertdialog', { name: 'Remove “LM Studio”?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(connections()).toHaveLength(1);
    fireEvent.click(button('Remove connection'));
    await act(async () => {
      fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    });
    await settle();
    expect(connections()).toEqual([]);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(within(dialog()).getByText('No connections yet. Add one to start chatting.')).toBeTruthy();
    expect(document.activeElement).toBe(button('Add connection'));
  });

  it('chooses the default model from every connection’s models', async () => {
    const a = harness.store.add({ name: 'Ollama', kind: 'ollama', baseUrl: 'http://localhost:11434/v1' });
    const b = harness.store.add({ name: 'Box', kind: 'llamacpp', baseUrl: 'http://box:8080/v1' });
    if (!a.ok || !b.ok) throw new Error('not added');
    render(<Host />);
    await act(async () => {
      harness.calls[0]!.answer.resolve(['llama3.2']);
      harness.calls[1]!.answer.resolve(['gemma']);
      await flushPromises();
    });
    const picker = within(dialog()).getByRole('button', { name: /^Model for new chats/ });
    expect(picker.textContent).toContain('llama3.2');
    await act(async () => {
      fireEvent.click(picker);
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'Search models' }), { target: { value: 'gemma' } });
    await act(async () => {
      fireEvent.keyDown(screen.getByRole('combobox', { name: 'Search models' }), { key: 'Enter' });
    });
    expect(harness.store.getSnapshot().defaultModel).toBe(`${b.connection.id}/gemma`);
    // Two connections: both listed closed, each opens its editor.
    const toggle = button(/^Box/);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(field('Name').value).toBe('Box');
  });

  it('lists a connection folded, even the only one: its editor opens when asked for', async () => {
    harness.store.add({ name: 'Box', kind: 'llamacpp', baseUrl: 'http://box:8080/v1' });
    render(<Host />);
    await settle();
    const toggle = button(/^Box/);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(dialog()).queryByLabelText('Base URL')).toBeNull();
    fireEvent.click(toggle);
    expect(field('Base URL').value).toBe('http://box:8080/v1');
  });

  it('Done closes the dialog', async () => {
    render(<Host />);
    fireEvent.click(button('Done'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('Settings: a connection’s API format (issue 27)', () => {
  it('the Anthropic preset makes an Anthropic Messages connection at Anthropic’s address, and says where the key goes', async () => {
    await addPreset('Anthropic (https://api.anthropic.com/v1)');
    await act(flushPromises);
    await harness.store.flush();
    expect(harness.store.getSnapshot().connections).toMatchObject([{ name: 'Anthropic', baseUrl: 'https://api.anthropic.com/v1', api: 'anthropic' }]);
    expect((harness.settings.get(CONNECTIONS_KEY) as Record<string, unknown>[])[0]).toMatchObject({ api: 'anthropic' });
    expect((field('API format') as unknown as HTMLSelectElement).value).toBe('anthropic');
    expect(within(dialog()).getByText(/the key stays here and goes only to Anthropic/)).toBeTruthy();
  });

  it('OpenAI may use Responses; changing the format back to Chat Completions stores no format at all', async () => {
    await addPreset('OpenAI (Responses) (https://api.openai.com/v1)');
    await act(flushPromises);
    await harness.store.flush();
    expect(harness.store.getSnapshot().connections[0]).toMatchObject({ kind: 'openai', api: 'responses' });
    // Off by default: the provider keeps nothing unless the user lets it.
    const keep = within(dialog()).getByRole('checkbox', { name: 'Let the provider keep replies' }) as HTMLInputElement;
    expect(keep.checked).toBe(false);
    await act(async () => {
      fireEvent.click(keep);
    });
    await harness.store.flush();
    expect(harness.store.getSnapshot().connections[0]).toMatchObject({ storeResponses: true });
    expect((field('API format') as unknown as HTMLSelectElement).value).toBe('responses');
    await act(async () => {
      fireEvent.change((field('API format') as unknown as HTMLSelectElement), { target: { value: '' } });
    });
    await harness.store.flush();
    expect(harness.store.getSnapshot().connections[0]!.api).toBeUndefined();
    expect((harness.settings.get(CONNECTIONS_KEY) as Record<string, unknown>[])[0]).not.toHaveProperty('api');
    await act(async () => {
      fireEvent.change((field('API format') as unknown as HTMLSelectElement), { target: { value: 'anthropic' } });
    });
    await harness.store.flush();
    expect((harness.settings.get(CONNECTIONS_KEY) as Record<string, unknown>[])[0]).toMatchObject({ api: 'anthropic' });
  });
});

describe('Settings opened at a section (issue 33)', () => {
  it('puts focus on that section’s entry in the list, the one marked current', async () => {
    render(<Host opensAt="chats" />);
    await settle();
    const list = within(dialog()).getByRole('navigation', { name: 'Settings sections' });
    const chats = within(list).getByRole('button', { name: 'Chats' });
    expect(chats.getAttribute('aria-current')).toBe('true');
    expect(within(list).getAllByRole('button').filter((entry) => entry.getAttribute('aria-current'))).toEqual([chats]);
    expect(document.activeElement).toBe(chats);
  });

  it.each([
    // Wide: the list is beside the section, so its current entry.
    [true, false, '.settings-nav__item[aria-current="true"]'],
    [false, false, '.settings-nav__item[aria-current="true"]'],
    // A phone showing the list: the entry of the section it would open.
    [false, true, '.settings-nav__item[aria-current="true"]'],
    // A phone showing a section alone: the list is hidden, the way back is the first control.
    [true, true, '.settings-dialog__back'],
  ])('a section shown: %s, one pane: %s → %s', (sectionShown, onePane, selector) => {
    expect(settingsInitialFocus(sectionShown, onePane)).toBe(selector);
  });
});
