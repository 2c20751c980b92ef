// Issue 37: Settings → Tools' search presets: choosing one fills the form, the key goes where the server wants it.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { presetCommand, SEARCH_PRESETS, withPresetKey } from '../../../src/app/settings/tools/search-presets';
import { ToolsSection } from '../../../src/app/settings/tools/tools-section';
import type { ConnectMcp } from '../../../src/app/settings/tools/tools-section-server';
import { configureToolSettings, getToolSettingsStore, resetToolSettings } from '../../../src/chat/mcp';
import { TooltipProvider } from '../../../src/ui/tooltip';

afterEach(() => {
  cleanup();
  resetToolSettings();
});

const listing = () => vi.fn<ConnectMcp>(async () => ({ transport: 'streamable-http', listTools: async () => [], callTool: async () => ({ parts: [], isError: false, skipped: 0 }), close: async () => {} }));

async function openForm(connect: ConnectMcp) {
  configureToolSettings({ load: async () => undefined, save: async () => {} });
  await act(async () => {
    render(
      <TooltipProvider>
        <ToolsSection connect={connect} now={() => 42} />
      </TooltipProvider>,
    );
  });
  const ui = within(screen.getByRole('region', { name: 'Tools' }));
  fireEvent.click(ui.getByRole('button', { name: 'Add MCP server' }));
  return ui;
}

const preset = (id: string) => SEARCH_PRESETS.find((p) => p.id === id)!;

describe('search presets', () => {
  it('offers SearXNG, Brave Search and Exa as named, pressable buttons in a named group', async () => {
    const ui = await openForm(listing());
    const group = ui.getByRole('group', { name: 'Search servers' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((b) => [b.textContent, b.getAttribute('aria-pressed')])).toEqual([
      ['SearXNG', 'false'],
      ['Brave Search', 'false'],
      ['Exa', 'false'],
    ]);
    // No key field until one is chosen.
    expect(ui.queryByLabelText(/API key/)).toBeNull();
  });

  it('Exa: fills the name and address, focuses its key, and sends the key as the exaApiKey parameter', async () => {
    const connect = listing();
    const ui = await openForm(connect);
    fireEvent.click(ui.getByRole('button', { name: 'Exa' }));
    expect(ui.getByRole('button', { name: 'Exa' }).getAttribute('aria-pressed')).toBe('true');
    expect((ui.getByLabelText('Server name') as HTMLInputElement).value).toBe('Exa');
    expect((ui.getByLabelText('Server address') as HTMLInputElement).value).toBe('https://mcp.exa.ai/mcp');
    const key = ui.getByLabelText('Exa API key') as HTMLInputElement;
    expect(document.activeElement).toBe(key);
    expect(key.type).toBe('password');
    expect(ui.getByText(/Sent as the exaApiKey parameter of the address/)).toBeTruthy();
    fireEvent.change(key, { target: { value: 'k&1 2' } });
    await act(async () => fireEvent.click(ui.getByRole('button', { name: 'Add server' })));
    expect(connect).toHaveBeenCalledWith({ url: 'https://mcp.exa.ai/mcp?exaApiKey=k%261+2' });
    await waitFor(() => expect(getToolSettingsStore().getSnapshot().servers.map((s) => [s.label, s.url])).toEqual([['Exa', 'https://mcp.exa.ai/mcp?exaApiKey=k%261+2']]));
  });

  it('SearXNG: an optional token goes in the Authorization header, beside the headers typed', async () => {
    const connect = listing();
    const ui = await openForm(connect);
    fireEvent.click(ui.getByRole('button', { name: 'SearXNG' }));
    expect((ui.getByLabelText('Server address') as HTMLInputElement).value).toBe('http://localhost:3000/mcp');
    expect(ui.getByText('MCP_HTTP_PORT=3000 SEARXNG_URL=http://localhost:8080 npx -y mcp-searxng')).toBeTruthy();
    fireEvent.change(ui.getByLabelText('Token for SearXNG (optional)'), { target: { value: 'tok' } });
    fireEvent.click(ui.getByRole('button', { name: 'Add header' }));
    fireEvent.change(ui.getByLabelText('Header 1 name'), { target: { value: 'X-Extra' } });
    fireEvent.change(ui.getByLabelText('Header 1 value'), { target: { value: 'v' } });
    await act(async () => fireEvent.click(ui.getByRole('button', { name: 'Add server' })));
    expect(connect).toHaveBeenCalledWith({ url: 'http://localhost:3000/mcp', headers: { 'X-Extra': 'v', Authorization: 'Bearer tok' } });
  });

  it('Brave Search: the key only fills in the command to run (never saved), with this page’s origin allowed', async () => {
    const connect = listing();
    const ui = await openForm(connect);
    fireEvent.click(ui.getByRole('button', { name: 'Brave Search' }));
    expect((ui.getByLabelText('Server address') as HTMLInputElement).value).toBe('http://127.0.0.1:8080/mcp');
    const key = ui.getByLabelText('Brave Search API key');
    expect(ui.getByText(/BRAVE_API_KEY=YOUR_KEY npx -y @brave\/brave-search-mcp-server --transport http --allowed-origins/)).toBeTruthy();
    fireEvent.change(key, { target: { value: 'BSA-1' } });
    expect(ui.getByText(`BRAVE_API_KEY=BSA-1 npx -y @brave/brave-search-mcp-server --transport http --allowed-origins ${window.location.origin}`)).toBeTruthy();
    await act(async () => fireEvent.click(ui.getByRole('button', { name: 'Add server' })));
    expect(connect).toHaveBeenCalledWith({ url: 'http://127.0.0.1:8080/mcp' });
    expect(JSON.stringify(getToolSettingsStore().getSnapshot())).not.toContain('BSA-1');
  });

  it('choosing another preset replaces the name and address; editing a server shows no presets', async () => {
    const ui = await openForm(listing());
    fireEvent.click(ui.getByRole('button', { name: 'Exa' }));
    fireEvent.click(ui.getByRole('button', { name: 'SearXNG' }));
    expect((ui.getByLabelText('Server name') as HTMLInputElement).value).toBe('SearXNG');
    expect(ui.getByRole('button', { name: 'Exa' }).getAttribute('aria-pressed')).toBe('false');
    await act(async () => fireEvent.click(ui.getByRole('button', { name: 'Add server' })));
    await waitFor(() => expect(ui.getByRole('listitem', { name: 'SearXNG' })).toBeTruthy());
    fireEvent.click(ui.getByRole('button', { name: 'Edit SearXNG' }));
    expect(ui.queryByRole('group', { name: 'Search servers' })).toBeNull();
  });
});

describe('withPresetKey and presetCommand', () => {
  it('leave the address alone without a key, and quote a key the shell would split', () => {
    expect(withPresetKey(preset('exa'), 'https://mcp.exa.ai/mcp', undefined, '  ')).toEqual({ url: 'https://mcp.exa.ai/mcp' });
    expect(withPresetKey(preset('exa'), 'not a url', undefined, 'k')).toEqual({ url: 'not a url' });
    expect(presetCommand(preset('brave'), "a b'c", 'https://parley.example')).toBe(`BRAVE_API_KEY='a b'\\''c' npx -y @brave/brave-search-mcp-server --transport http --allowed-origins https://parley.example`);
    expect(presetCommand(preset('exa'), 'k', 'x')).toBeUndefined();
  });
});
