import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SettingsDialog } from '../../../src/app/settings';
import { resetConnectionsStore, type ModelPreferences } from '../../../src/chat/connections';
import { createModelPreferences } from '../../../src/chat/connections/model-preferences';
import { TooltipProvider } from '../../../src/ui/tooltip';
import { flushPromises, makeConnectionsStore, type StoreHarness } from '../../chat/connections/connections-harness';
import { preloadModelPickerPopover } from '../../../src/pages/shared';

let harness: StoreHarness;
let preferences: ModelPreferences;

// The list's code loads the first time a picker opens; fetched here, it opens within the click.
beforeAll(async () => {
  await preloadModelPickerPopover();
});

beforeEach(async () => {
  harness = makeConnectionsStore();
  await harness.store.init();
  preferences = createModelPreferences({ load: async () => undefined, save: async () => {} });
  resetConnectionsStore(harness.store, preferences);
});
afterEach(() => {
  cleanup();
  resetConnectionsStore();
});

function Host() {
  const [open, setOpen] = useState(true);
  const [section, setSection] = useState('');
  return (
    <TooltipProvider>
      <SettingsDialog open={open} onOpenChange={setOpen} section={section} onSectionChange={setSection} />
    </TooltipProvider>
  );
}

const dialog = () => screen.getByRole('dialog', { name: 'Settings' });
const field = (name: string | RegExp) => within(dialog()).getByLabelText(name) as HTMLInputElement;
const connection = () => harness.store.getSnapshot().connections[0]!;
const settle = () => act(flushPromises);

/** A connection at http://a/v1 with a key confirmed for it, open in Settings. */
async function withKey() {
  harness.store.add({ name: 'Box', kind: 'custom', baseUrl: 'http://a/v1', apiKey: 'sk-a' });
  render(<Host />);
  await settle();
  // Cards are folded until opened.
  fireEvent.click(within(dialog()).getByRole('button', { name: /^Box/ }));
}

async function changeAddress(to: string) {
  fireEvent.change(field('Base URL'), { target: { value: to } });
  await act(async () => {
    fireEvent.blur(field('Base URL'));
  });
}
const ask = () => screen.getByRole('alertdialog', { name: 'Send the API key to the new address?' });
const answer = (name: string) =>
  act(async () => {
    fireEvent.click(within(ask()).getByRole('button', { name }));
  });
const keyedCalls = () => harness.calls.filter((call) => call.connection.apiKey !== undefined).map((call) => [call.connection.baseUrl, call.connection.apiKey]);

describe('Settings: an API key goes only where the user confirmed it', () => {
  it('asks before a key follows a new address; Cancel (where focus starts) changes nothing', async () => {
    await withKey();
    await changeAddress('http://b/v1');
    expect(ask().textContent).toContain('The key was confirmed for http://a/v1. Keep it for http://b/v1');
    expect(document.activeElement).toBe(within(ask()).getByRole('button', { name: 'Cancel' }));
    await answer('Cancel');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(field('Base URL').value).toBe('http://a/v1');
    expect(connection()).toMatchObject({ baseUrl: 'http://a/v1', apiKey: 'sk-a', apiKeyUrl: 'http://a/v1' });
    expect(keyedCalls().every(([url]) => url === 'http://a/v1')).toBe(true);
  });

  it('Remove the key: the new address is asked without it', async () => {
    await withKey();
    await changeAddress('http://b/v1');
    await answer('Remove the key');
    await settle();
    expect(connection().baseUrl).toBe('http://b/v1');
    expect(connection()).not.toHaveProperty('apiKey');
    expect(field('API key (optional)').value).toBe('');
    expect(harness.calls.at(-1)!.connection).toEqual({ baseUrl: 'http://b/v1' });
  });

  it('Keep the key: it goes to the new address, now confirmed for it', async () => {
    await withKey();
    await changeAddress('http://b/v1');
    await answer('Keep the key');
    await settle();
    expect(connection()).toMatchObject({ baseUrl: 'http://b/v1', apiKey: 'sk-a', apiKeyUrl: 'http://b/v1' });
    expect(harness.calls.at(-1)!.connection).toEqual({ baseUrl: 'http://b/v1', apiKey: 'sk-a' });
  });

  it('closing Settings mid-edit leaves the new address unconfirmed: the key is not sent there', async () => {
    await withKey();
    fireEvent.change(field('Base URL'), { target: { value: 'http://b/v1' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Done' }));
    await settle();
    expect(connection()).toMatchObject({ baseUrl: 'http://b/v1', pending: true, apiKeyUrl: 'http://a/v1' });
    expect(keyedCalls().every(([url]) => url === 'http://a/v1')).toBe(true);
  });

  it('a key kept for this session only is never stored, and is asked for again after a reload', async () => {
    await withKey();
    const sessionOnly = within(dialog()).getByRole('checkbox', { name: 'Keep the key for this session only' }) as HTMLInputElement;
    expect(sessionOnly.checked).toBe(false);
    fireEvent.click(sessionOnly);
    expect(connection()).toMatchObject({ keyStorage: 'session', apiKey: 'sk-a' });
    expect(within(dialog()).getByText('The key is kept in memory only: it is gone when this page is reloaded or closed.')).toBeTruthy();
    await harness.store.flush();
    expect(JSON.stringify(harness.settings.get('connections'))).not.toContain('sk-a');

    cleanup();
    // A reload: a new store reads what was stored.
    harness = makeConnectionsStore(Object.fromEntries(harness.settings));
    await harness.store.init();
    resetConnectionsStore(harness.store, preferences);
    render(<Host />);
    await settle();
    expect(within(dialog()).getByRole('button', { name: /^Box/ }).textContent).toContain('API key needed');
    fireEvent.click(within(dialog()).getByRole('button', { name: /^Box/ }));
    expect(field('API key (optional)').getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog()).getByText('This key was kept for a session that has ended: enter it again.')).toBeTruthy();
  });
});

describe('Settings: chat titles', () => {
  it('a switch turns title generation off; the title model is the chat’s own or one picked', async () => {
    const added = harness.store.add({ name: 'Box', kind: 'custom', baseUrl: 'http://a/v1' });
    if (!added.ok) throw new Error('not added');
    render(<Host />);
    await act(() => harness.answer(['big', 'small']));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Chats' }));
    const generate = within(dialog()).getByRole('switch', { name: 'Generate titles with a model' }) as HTMLInputElement;
    expect(generate.checked).toBe(true);
    const same = within(dialog()).getByRole('radio', { name: 'Same as the chat' }) as HTMLInputElement;
    expect(same.checked).toBe(true);

    await act(async () => {
      fireEvent.click(within(dialog()).getByRole('radio', { name: 'Another model' }));
    });
    expect(preferences.getSnapshot().titles).toEqual({ generate: true, model: `${added.connection.id}/big` });
    await act(async () => {
      fireEvent.click(within(dialog()).getByRole('button', { name: /^Title model/ }));
    });
    await act(async () => {
      fireEvent.keyDown(screen.getByRole('combobox', { name: 'Search models' }), { key: 'End' });
    });
    await act(async () => {
      fireEvent.keyDown(screen.getByRole('combobox', { name: 'Search models' }), { key: 'Enter' });
    });
    expect(preferences.getSnapshot().titles.model).toBe(`${added.connection.id}/small`);

    fireEvent.click(generate);
    expect(preferences.getSnapshot().titles.generate).toBe(false);
    expect(generate.checked).toBe(false);
    expect(same.disabled || (same.closest('fieldset') as HTMLFieldSetElement).disabled).toBe(true);
  });
});
