// Settings → Code (issue 36): the run's time limit and the Python packages' address, set, refused and kept.
import type { ComponentType } from 'react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { codeSettings } from '../../../src/app/settings/sandbox';
import CodeSection from '../../../src/app/settings/sandbox/code-section';
import { configureSandboxSettings, getSandboxSettingsStore, resetSandboxSettings, SANDBOX_SETTING } from '../../../src/chat/sandbox/sandbox-settings';
import { TooltipProvider } from '../../../src/ui/tooltip';
import { getToolSettingsStore, resetToolSettings } from '../../../src/chat/mcp';
import { createToolSettingsStore } from '../../../src/chat/mcp/tool-settings';

afterEach(() => {
  cleanup();
  resetSandboxSettings();
  resetToolSettings();
});

const ADDRESS = 'https://cdn.jsdelivr.net/pyodide/v314.0.7/full/';

/** The section over a settings row in memory; `stored` is what the row held before. */
async function show(stored?: unknown, Section: ComponentType = CodeSection) {
  const rows = new Map<string, unknown>(stored === undefined ? [] : [[SANDBOX_SETTING, stored]]);
  configureSandboxSettings({ load: async (key) => rows.get(key), save: async (key, value) => void rows.set(key, structuredClone(value)) });
  resetToolSettings(createToolSettingsStore({ load: async (key) => rows.get(key), save: async (key, value) => void rows.set(key, structuredClone(value)) }));
  await act(async () => {
    render(
      <TooltipProvider>
        <Section />
      </TooltipProvider>,
    );
  });
  const section = await screen.findByRole('region', { name: 'Code' });
  const ui = within(section);
  return {
    ui,
    row: () => rows.get(SANDBOX_SETTING) as { timeLimitSeconds: number; packagesAddress: string } | undefined,
    limit: () => ui.getByRole('spinbutton', { name: 'Time limit (seconds)' }) as HTMLInputElement,
    address: () => ui.getByRole('textbox', { name: 'Python packages address' }) as HTMLInputElement,
    snapshot: () => getSandboxSettingsStore().getSnapshot(),
  };
}

describe('Settings → Code', () => {
  it('sets whether the model’s code tools ask first, run or never run, as the tools row keeps it', async () => {
    const { ui } = await show();
    const python = ui.getByRole('combobox', { name: 'When the model calls run_python' }) as HTMLSelectElement;
    expect(python.value).toBe('ask');
    expect((ui.getByRole('combobox', { name: 'When the model calls run_javascript' }) as HTMLSelectElement).value).toBe('ask');
    await act(async () => fireEvent.change(python, { target: { value: 'on' } }));
    const policy = getToolSettingsStore().getSnapshot().policies['parley:code']?.run_python;
    // "On" keeps the definition it was given for, as Always allow does.
    expect(policy).toMatchObject({ policy: 'on', approved: { description: expect.stringContaining('Runs Python 3') } });
    expect(python.value).toBe('on');
    await act(async () => fireEvent.change(python, { target: { value: 'off' } }));
    expect(getToolSettingsStore().getSnapshot().policies['parley:code']?.run_python).toBe('off');
  });

  it('says where code runs, and starts at 30 s with no packages address', async () => {
    const { ui, limit, address } = await show();
    expect(ui.getByText(/run in Parley’s sandbox: offline, from Parley’s own files, without access to your chats or keys/)).toBeTruthy();
    expect(limit().value).toBe('30');
    expect(limit().getAttribute('min')).toBe('1');
    expect(limit().getAttribute('max')).toBe('600');
    expect(limit().getAttribute('aria-describedby')).toBe(ui.getByText('A run that takes longer is stopped.').id);
    expect(address().value).toBe('');
    expect(address().placeholder).toBe(ADDRESS);
    expect(ui.getByRole('status').textContent).toBe('No address saved: Python runs with Pyodide’s core only.');
    expect(address().getAttribute('aria-describedby')).toContain(ui.getByText(/fetched from this address only, by Parley \(never by the sandbox\)/).id);
    expect(ui.queryByRole('button', { name: 'Remove' })).toBeNull();
  });

  it('shows what was stored', async () => {
    const { limit, address, ui } = await show({ timeLimitSeconds: 75, packagesAddress: ADDRESS });
    expect(limit().value).toBe('75');
    expect(address().value).toBe(ADDRESS);
    expect(ui.getByRole('status').textContent).toBe(`Packages are fetched from ${ADDRESS}`);
    expect(ui.getByRole('button', { name: 'Remove' })).toBeTruthy();
  });

  it('applies a time limit as it is typed, and refuses one out of range with a message, keeping the saved limit', async () => {
    const { ui, limit, row, snapshot } = await show();
    await act(async () => fireEvent.change(limit(), { target: { value: '90' } }));
    expect(snapshot().timeLimitSeconds).toBe(90);
    expect(row()).toEqual({ timeLimitSeconds: 90, packagesAddress: '' });

    for (const typed of ['0', '601', '2.5', '']) {
      await act(async () => fireEvent.change(limit(), { target: { value: typed } }));
      // Mid-typing says nothing yet (a cleared field is the way to a new number); once said, it stays until fixed…
      if (typed === '0') expect(ui.queryByRole('alert')).toBeNull();
      // …leaving the field does, and the saved limit holds.
      fireEvent.blur(limit());
      expect(ui.getByRole('alert').textContent, typed).toBe('Type a whole number of seconds from 1 to 600. The limit stays at 90 s.');
      expect(limit().getAttribute('aria-invalid')).toBe('true');
      expect(limit().getAttribute('aria-describedby')).toContain(ui.getByRole('alert').id);
      expect(limit().value).toBe(typed);
      expect(snapshot().timeLimitSeconds).toBe(90);
      expect(row()!.timeLimitSeconds).toBe(90);
    }
    // Enter checks too.
    await act(async () => fireEvent.change(limit(), { target: { value: '700' } }));
    fireEvent.keyDown(limit(), { key: 'Enter' });
    expect(ui.getByRole('alert')).toBeTruthy();

    await act(async () => fireEvent.change(limit(), { target: { value: '600' } }));
    expect(ui.queryByRole('alert')).toBeNull();
    expect(limit().hasAttribute('aria-invalid')).toBe(false);
    expect(row()!.timeLimitSeconds).toBe(600);
  });

  it('saves an address with Save, as kept (a folder), and removes it with Remove, focus staying in the field', async () => {
    const { ui, address, row, snapshot } = await show();
    fireEvent.change(address(), { target: { value: '  https://cdn.jsdelivr.net/pyodide/v314.0.7/full?x=1  ' } });
    // Typing saves nothing.
    expect(snapshot().packagesAddress).toBe('');
    await act(async () => fireEvent.click(ui.getByRole('button', { name: 'Save' })));
    expect(snapshot().packagesAddress).toBe(ADDRESS);
    expect(row()).toEqual({ timeLimitSeconds: 30, packagesAddress: ADDRESS });
    expect(address().value).toBe(ADDRESS);
    expect(ui.getByRole('status').textContent).toBe(`Packages are fetched from ${ADDRESS}`);

    await act(async () => fireEvent.click(ui.getByRole('button', { name: 'Remove' })));
    expect(snapshot().packagesAddress).toBe('');
    expect(row()!.packagesAddress).toBe('');
    expect(address().value).toBe('');
    expect(document.activeElement).toBe(address());
    expect(ui.queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(ui.getByRole('status').textContent).toBe('No address saved: Python runs with Pyodide’s core only.');
  });

  it('submitting the field (Enter) saves too', async () => {
    const { address, snapshot } = await show();
    fireEvent.change(address(), { target: { value: 'http://localhost:8000/pyodide' } });
    await act(async () => fireEvent.submit(address().form!));
    expect(snapshot().packagesAddress).toBe('http://localhost:8000/pyodide/');
  });

  it.each([
    ['cdn.jsdelivr.net/pyodide/v314.0.7/full/', `This is not a web address Parley can use. Type the whole address, like ${ADDRESS}, without a user name or password. The saved address stays.`],
    ['https://me:secret@mirror.example/pyodide/', `This is not a web address Parley can use. Type the whole address, like ${ADDRESS}, without a user name or password. The saved address stays.`],
    ['ftp://mirror.example/pyodide/', 'The address must start with http:// or https://. The saved address stays.'],
  ])('refuses %j with a message, keeping the saved address', async (typed, message) => {
    const { ui, address, row, snapshot } = await show({ timeLimitSeconds: 30, packagesAddress: ADDRESS });
    fireEvent.change(address(), { target: { value: typed } });
    await act(async () => fireEvent.click(ui.getByRole('button', { name: 'Save' })));
    expect(ui.getByRole('alert').textContent).toBe(message);
    expect(address().getAttribute('aria-invalid')).toBe('true');
    expect(address().getAttribute('aria-describedby')).toContain(ui.getByRole('alert').id);
    // What was typed stays to be fixed; what was saved stays saved.
    expect(address().value).toBe(typed);
    expect(snapshot().packagesAddress).toBe(ADDRESS);
    expect(row()).toEqual({ timeLimitSeconds: 30, packagesAddress: ADDRESS });
    expect(ui.getByRole('status').textContent).toBe(`Packages are fetched from ${ADDRESS}`);

    fireEvent.change(address(), { target: { value: 'https://mirror.example/pyodide/' } });
    await act(async () => fireEvent.click(ui.getByRole('button', { name: 'Save' })));
    expect(ui.queryByRole('alert')).toBeNull();
    expect(address().hasAttribute('aria-invalid')).toBe(false);
    expect(snapshot().packagesAddress).toBe('https://mirror.example/pyodide/');
  });

  it('is a section of its own, "code", whose code loads when shown', async () => {
    expect(codeSettings.id).toBe('code');
    expect(codeSettings.label).toBe('settings.section.code');
    const [Shown] = codeSettings.parts;
    const { limit } = await show(undefined, Shown!);
    expect(limit().value).toBe('30');
  });
});
