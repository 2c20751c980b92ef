// Settings → Connections → Context length (issue 24): the figure the server gives, and where from;
// a value the user sets wins and is kept; a bad one is refused with a clear message.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SettingsDialog } from '../../../src/app/settings';
import { resetConnectionsStore } from '../../../src/chat/connections';
import { getContextSettings } from '../../../src/chat/connections/context-settings-instance';
import { createModelPreferences } from '../../../src/chat/connections/model-preferences';
import { preloadModelPickerPopover } from '../../../src/pages/shared';
import { TooltipProvider } from '../../../src/ui/tooltip';
import { flushPromises, makeConnectionsStore, type StoreHarness } from '../../chat/connections/connections-harness';

let harness: StoreHarness;

beforeAll(async () => {
  await preloadModelPickerPopover();
});
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
const tokens = () => within(dialog()).getByLabelText('Context (tokens)') as HTMLInputElement;
const settle = () => act(flushPromises);

async function open() {
  harness.store.add({ name: 'Box', kind: 'custom', baseUrl: 'http://a/v1' });
  await flushPromises();
  if (harness.calls.length === 0) void harness.store.refreshModels(harness.store.getSnapshot().connections[0]!.id);
  await harness.answer({ ids: ['m1'], contexts: { m1: 4096 } });
  render(<Host />);
  await settle();
  const ref = harness.store.getSnapshot().defaultModel!;
  getContextSettings().setContext(ref, undefined);
  await settle();
  return ref;
}

const enter = async (value: string) => {
  fireEvent.change(tokens(), { target: { value } });
  await act(async () => {
    fireEvent.blur(tokens());
  });
};

describe('Settings → Context length', () => {
  it('shows what the server’s model list says, and where it came from', async () => {
    await open();
    expect(tokens().value).toBe('');
    expect(within(dialog()).getByText(/The server says 4,096 tokens \(its model list\)\./)).toBeTruthy();
  });

  it('a value set here is kept for the model and wins; cleared, the server’s figure is back', async () => {
    const ref = await open();
    await enter('8,192');
    expect(getContextSettings().getSnapshot().contexts[ref]).toBe(8192);
    expect(within(dialog()).getByText(/Set by you: 8,192 tokens\./)).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Use the server’s figure' }));
    await settle();
    expect(getContextSettings().getSnapshot().contexts[ref]).toBeUndefined();
  });

  it('refuses what is not a whole number of tokens, and keeps what was set', async () => {
    const ref = await open();
    await enter('16000');
    await enter('lots');
    expect(within(dialog()).getByRole('alert').textContent).toBe('Enter a whole number of tokens, from 1 to 10,000,000.');
    expect(tokens().getAttribute('aria-invalid')).toBe('true');
    expect(getContextSettings().getSnapshot().contexts[ref]).toBe(16000);
  });
});
