// Issue 23: Settings → Instructions (standing instructions saved as typed, the switch, the
// defaults for new chats) and Settings → Presets (add, edit, delete with Undo).
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import InstructionsSection from '../../../src/app/settings/instructions/instructions-section';
import PresetsSection from '../../../src/app/settings/presets/presets-section';
import PromptsSection from '../../../src/app/settings/prompts/prompts-section';
import { ConnectionsSection } from '../../../src/app/settings/connections/connections-section';
import { ToolsSection } from '../../../src/app/settings/tools/tools-section';
import { resetConnectionsStore } from '../../../src/chat/connections';
import { createLibraryStore, resetLibraryStore, type LibraryStore } from '../../../src/chat/library';
import { resetToolSettings } from '../../../src/chat/mcp';
import { createToolSettingsStore } from '../../../src/chat/mcp/tool-settings';
import { resetToasts, Toaster } from '../../../src/ui/toast';
import { TooltipProvider } from '../../../src/ui/tooltip';
import { flushPromises, makeConnectionsStore } from '../../chat/connections/connections-harness';
import { memoryLibraryIo } from '../../chat/library/memory-library-io';

let library: LibraryStore;
let io: ReturnType<typeof memoryLibraryIo>;
let toolServer: string;

beforeEach(async () => {
  const harness = makeConnectionsStore({}, { probe: async () => [] });
  await harness.store.init();
  resetConnectionsStore(harness.store);
  const tools = createToolSettingsStore({ load: async () => undefined, save: async () => {} });
  toolServer = (await tools.addServer({ label: 'Files', url: 'http://127.0.0.1:9/mcp' })).id;
  resetToolSettings(tools);
  io = memoryLibraryIo();
  library = createLibraryStore({ io, channel: null });
  resetLibraryStore(library);
});
afterEach(() => {
  cleanup();
  resetConnectionsStore();
  resetToolSettings();
  resetLibraryStore();
  resetToasts();
});

const renderIn = async (section: React.ReactNode) => {
  render(
    <TooltipProvider>
      {section}
      <Toaster measureHeight={() => 50} />
    </TooltipProvider>,
  );
  await act(flushPromises);
};
const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

describe('Settings → Instructions', () => {
  it('saves the instructions as typed, on once written, and the switch turns them off', async () => {
    await renderIn(<InstructionsSection />);
    expect(screen.getByText('They go first in every chat’s system prompt, before a project’s instructions and the chat’s own.')).toBeTruthy();
    const enabled = screen.getByRole('switch', { name: 'Use these instructions in every chat' }) as HTMLInputElement;
    expect(enabled.disabled).toBe(true);
    fireEvent.change(field('What should Parley know about you?'), { target: { value: 'I teach maths.' } });
    fireEvent.change(field('How should replies be?'), { target: { value: 'Short.' } });
    // Saved a moment after the typing stops, not on each key.
    await act(flushPromises);
    expect(io.rows.get('instructions')).toBeUndefined();
    await waitFor(() => expect(io.rows.get('instructions')).toMatchObject({ about: 'I teach maths.', style: 'Short.', enabled: true }));
    expect(enabled.disabled).toBe(false);
    expect(enabled.checked).toBe(true);
    await act(async () => {
      fireEvent.click(enabled);
      await flushPromises();
    });
    expect(io.rows.get('instructions')).toMatchObject({ about: 'I teach maths.', enabled: false });
    expect(enabled.checked).toBe(false);
  });

  it('saves what is typed at once when the field is left', async () => {
    await renderIn(<InstructionsSection />);
    fireEvent.change(field('What should Parley know about you?'), { target: { value: 'Left quickly.' } });
    await act(async () => {
      fireEvent.blur(field('What should Parley know about you?'));
      await flushPromises();
    });
    expect(io.rows.get('instructions')).toMatchObject({ about: 'Left quickly.' });
  });

  it('starts from what is stored', async () => {
    await library.setInstructions({ about: 'Stored.', style: 'Plain.', enabled: false });
    await renderIn(<InstructionsSection />);
    expect(field('What should Parley know about you?').value).toBe('Stored.');
    expect(field('How should replies be?').value).toBe('Plain.');
    expect((screen.getByRole('switch') as HTMLInputElement).checked).toBe(false);
  });

  it('defaults for new chats: saved when valid, a wrong number said and not saved', async () => {
    await renderIn(<InstructionsSection />);
    const defaults = screen.getByRole('region', { name: 'Defaults for new chats' });
    fireEvent.change(within(defaults).getByLabelText('System prompt'), { target: { value: 'Be kind.' } });
    fireEvent.change(within(defaults).getByLabelText('Temperature'), { target: { value: '0,6' } });
    fireEvent.change(within(defaults).getByLabelText('Maximum tokens'), { target: { value: '400' } });
    fireEvent.click(within(defaults).getByRole('checkbox', { name: 'Files' }));
    await waitFor(() => expect(io.rows.get('defaults')).toMatchObject({ systemPrompt: 'Be kind.', temperature: 0.6, maxTokens: 400, toolServers: [toolServer] }));
    // Parley's own Code tools can be on by default too, listed before the MCP servers (issue 36).
    const boxes = within(defaults).getAllByRole('checkbox').map((box) => box.closest('label')?.textContent);
    expect(boxes.indexOf('Code')).toBeLessThan(boxes.indexOf('Files'));
    fireEvent.click(within(defaults).getByRole('checkbox', { name: 'Code' }));
    await waitFor(() => expect(io.rows.get('defaults')).toMatchObject({ toolServers: [toolServer, 'parley:code'] }));
    fireEvent.change(within(defaults).getByLabelText('Temperature'), { target: { value: '5' } });
    expect(within(defaults).getByText('Enter a number from 0 to 2, or leave it empty.')).toBeTruthy();
    expect(within(defaults).getByLabelText('Temperature').getAttribute('aria-invalid')).toBe('true');
    await act(async () => {
      fireEvent.blur(within(defaults).getByLabelText('Temperature'));
      await flushPromises();
    });
    expect(io.rows.get('defaults')).toMatchObject({ temperature: 0.6 });
  });
});

describe('Settings → Presets', () => {
  it('adds, edits and deletes a preset, with Undo', async () => {
    await renderIn(<PresetsSection />);
    expect(screen.getByText('No presets yet. Add one here, or use “Save as preset” in a chat’s settings.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add preset' }));
    const form = () => screen.getByRole('form', { name: /preset/ });
    expect(document.activeElement).toBe(within(form()).getByLabelText('Name'));
    // No name: said, nothing saved.
    await act(async () => {
      fireEvent.click(within(form()).getByRole('button', { name: 'Save preset' }));
      await flushPromises();
    });
    expect(within(form()).getByText('Give the preset a name.')).toBeTruthy();
    expect(library.getSnapshot().presets).toEqual([]);
    fireEvent.change(within(form()).getByLabelText('Name'), { target: { value: 'Brief' } });
    fireEvent.change(within(form()).getByLabelText('System prompt'), { target: { value: 'One paragraph at most.' } });
    fireEvent.change(within(form()).getByLabelText('Temperature'), { target: { value: '0.2' } });
    fireEvent.click(within(form()).getByRole('checkbox', { name: 'Files' }));
    await act(async () => {
      fireEvent.click(within(form()).getByRole('button', { name: 'Save preset' }));
      await flushPromises();
    });
    expect(library.getSnapshot().presets).toMatchObject([{ name: 'Brief', systemPrompt: 'One paragraph at most.', temperature: 0.2, toolServers: [toolServer] }]);
    expect(screen.getByRole('listitem').textContent).toContain('Temperature 0.2 · System prompt');

    fireEvent.click(screen.getByRole('button', { name: 'Edit Brief' }));
    expect(within(form()).getByLabelText('Temperature')).toHaveProperty('value', '0.2');
    fireEvent.change(within(form()).getByLabelText('Name'), { target: { value: 'Briefer' } });
    fireEvent.change(within(form()).getByLabelText('Temperature'), { target: { value: '' } });
    await act(async () => {
      fireEvent.click(within(form()).getByRole('button', { name: 'Save preset' }));
      await flushPromises();
    });
    const [edited] = library.getSnapshot().presets;
    expect(edited).toMatchObject({ name: 'Briefer', systemPrompt: 'One paragraph at most.' });
    expect(edited).not.toHaveProperty('temperature');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Delete Briefer' }));
      await flushPromises();
    });
    expect(library.getSnapshot().presets).toEqual([]);
    expect(io.rows.has(edited!.id)).toBe(false);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
      await flushPromises();
    });
    expect(library.getSnapshot().presets).toMatchObject([{ id: edited!.id, name: 'Briefer' }]);
  });

  it('keeps a thinking budget and a reasoning effort; a budget under 1,024 is said and not saved', async () => {
    await renderIn(<PresetsSection />);
    fireEvent.click(screen.getByRole('button', { name: 'Add preset' }));
    const form = () => screen.getByRole('form', { name: /preset/ });
    fireEvent.change(within(form()).getByLabelText('Name'), { target: { value: 'Deep' } });
    fireEvent.change(within(form()).getByLabelText('Thinking budget (Anthropic)'), { target: { value: '100' } });
    expect(within(form()).getByText('Enter a whole number of 1024 or more, or leave it empty.')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(form()).getByRole('button', { name: 'Save preset' }));
      await flushPromises();
    });
    expect(library.getSnapshot().presets).toEqual([]);
    fireEvent.change(within(form()).getByLabelText('Thinking budget (Anthropic)'), { target: { value: '4096' } });
    fireEvent.change(within(form()).getByLabelText('Reasoning effort (OpenAI Responses)'), { target: { value: 'high' } });
    await act(async () => {
      fireEvent.click(within(form()).getByRole('button', { name: 'Save preset' }));
      await flushPromises();
    });
    expect(library.getSnapshot().presets).toMatchObject([{ name: 'Deep', thinkingBudget: 4096, reasoningEffort: 'high' }]);
    expect(screen.getByRole('listitem').textContent).toContain('Thinks up to 4096 tokens · High reasoning');
    fireEvent.click(screen.getByRole('button', { name: 'Edit Deep' }));
    expect(within(form()).getByLabelText('Thinking budget (Anthropic)')).toHaveProperty('value', '4096');
    expect(within(form()).getByLabelText('Reasoning effort (OpenAI Responses)')).toHaveProperty('value', 'high');
  });
});

describe('Settings: one look for every section’s Add button (issue 33)', () => {
  it('Add connection, Add preset, Add prompt and Add MCP server share size, variant, colour and icon', async () => {
    await renderIn(
      <>
        <ConnectionsSection />
        <PresetsSection />
        <PromptsSection />
        <ToolsSection />
      </>,
    );
    const looks = ['Add connection', 'Add preset', 'Add prompt', 'Add MCP server'].map((name) => {
      const button = screen.getByRole('button', { name });
      return [button.dataset.size, button.dataset.variant, button.dataset.color, button.querySelector('svg, .icon') !== null].join(' ');
    });
    expect(new Set(looks).size).toBe(1);
  });
});

describe('Settings → Presets: the form’s hints speak of presets (issue 33)', () => {
  it('says the system prompt goes to chats started with the preset, not to chats without one of their own', async () => {
    await renderIn(<PresetsSection />);
    fireEvent.click(screen.getByRole('button', { name: 'Add preset' }));
    const prompt = within(screen.getByRole('form', { name: /preset/ })).getByLabelText('System prompt');
    const hint = document.getElementById(prompt.getAttribute('aria-describedby')!)!.textContent;
    expect(hint).toBe('Sent after your instructions and a project’s, in every chat started with this preset.');
  });

  it('the defaults keep theirs', async () => {
    await renderIn(<InstructionsSection />);
    const prompt = screen.getByLabelText('System prompt');
    expect(document.getElementById(prompt.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Sent after your instructions and a project’s, in every chat that has no system prompt of its own.',
    );
  });
});
