import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToolsSection } from '../../../src/app/settings/tools/tools-section';
import type { ConnectMcp } from '../../../src/app/settings/tools/tools-section-server';
import { configureToolSettings, getToolSettingsStore, McpFailure, resetToolSettings, type McpTool } from '../../../src/chat/mcp';
import { TooltipProvider } from '../../../src/ui/tooltip';

afterEach(() => {
  cleanup();
  resetToolSettings();
});

const TOOLS: McpTool[] = [
  { name: 'echo', description: 'Says <b>it</b> back', inputSchema: { type: 'object' } },
  { name: 'picture', inputSchema: { type: 'object' } },
];

/** A server that lists TOOLS (no network: the section is given its connect function). */
const listing = (tools = TOOLS) =>
  vi.fn<ConnectMcp>(async () => ({ transport: 'streamable-http', listTools: async () => tools, callTool: async () => ({ parts: [], isError: false, skipped: 0 }), close: async () => {} }));
const failing = (reason: McpFailure['reason'], message = 'boom') => vi.fn<ConnectMcp>(async (address) => Promise.reject(new McpFailure(reason, message, { url: address.url })));

async function show(connect: ConnectMcp) {
  configureToolSettings({ load: async () => undefined, save: async () => {} });
  await act(async () => {
    render(
      <TooltipProvider>
        <ToolsSection connect={connect} now={() => 42} />
      </TooltipProvider>,
    );
  });
  const section = screen.getByRole('region', { name: 'Tools' });
  return { section, ui: within(section), store: getToolSettingsStore() };
}

async function addServer(ui: ReturnType<typeof within>, name: string, url: string) {
  fireEvent.click(ui.getByRole('button', { name: 'Add MCP server' }));
  fireEvent.change(ui.getByLabelText('Server name'), { target: { value: name } });
  fireEvent.change(ui.getByLabelText('Server address'), { target: { value: url } });
  await act(async () => fireEvent.click(ui.getByRole('button', { name: 'Add server' })));
}

describe('Settings → Tools', () => {
  it('adds a server, connects to it at once and lists its tools as text, each asking by default', async () => {
    const connect = listing();
    const { ui, store } = await show(connect);
    expect(ui.getByText('No MCP server yet.')).toBeTruthy();
    fireEvent.click(ui.getByRole('button', { name: 'Add MCP server' }));
    expect(document.activeElement).toBe(ui.getByLabelText('Server name'));
    expect(ui.getByRole('button', { name: 'Add server' }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(ui.getByLabelText('Server name'), { target: { value: 'Files' } });
    fireEvent.change(ui.getByLabelText('Server address'), { target: { value: 'http://localhost:3001/mcp' } });
    fireEvent.click(ui.getByRole('button', { name: 'Add header' }));
    fireEvent.change(ui.getByLabelText('Header 1 name'), { target: { value: 'Authorization' } });
    fireEvent.change(ui.getByLabelText('Header 1 value'), { target: { value: 'Bearer t' } });
    await act(async () => fireEvent.click(ui.getByRole('button', { name: 'Add server' })));

    await waitFor(() => expect(ui.getByRole('list', { name: 'Tools of Files' })).toBeTruthy());
    expect(connect).toHaveBeenCalledWith({ url: 'http://localhost:3001/mcp', headers: { Authorization: 'Bearer t' } });
    const server = ui.getByRole('listitem', { name: 'Files' });
    expect(document.activeElement).toBe(within(server).getByRole('heading', { name: 'Files' }));
    expect(server.dataset.state).toBe('ok');
    expect(within(server).getByRole('status').textContent).toBe('2 tools');
    // The description is the server's text: shown as written, never as markup.
    expect(within(server).getByText('Says <b>it</b> back')).toBeTruthy();
    expect(server.querySelector('b')).toBeNull();
    const policy = within(server).getByRole('combobox', { name: 'When the model calls echo' }) as HTMLSelectElement;
    expect(policy.value).toBe('ask');
    expect([...policy.options].map((option) => option.text)).toEqual(['On', 'Ask every time', 'Off']);
    expect(store.getSnapshot().servers[0]).toMatchObject({ label: 'Files', tools: TOOLS, listedAt: 42, headers: { Authorization: 'Bearer t' } });
  });

  it('sets a tool’s policy', async () => {
    const { ui, store } = await show(listing());
    await addServer(ui, 'Files', 'http://h/mcp');
    const policy = await waitFor(() => ui.getByRole('combobox', { name: 'When the model calls picture' }) as HTMLSelectElement);
    await act(async () => fireEvent.change(policy, { target: { value: 'on' } }));
    const id = store.getSnapshot().servers[0]!.id;
    // "On" keeps the definition shown (issue 20).
    expect(store.getSnapshot().policies).toEqual({ [id]: { picture: { policy: 'on', approved: { inputSchema: { type: 'object' } } } } });
    expect(policy.value).toBe('on');
    expect(policy.closest('li')!.dataset.policy).toBe('on');
  });

  it('a tool redefined since it was turned on asks again and says what changed; On again approves the new one', async () => {
    const { ui, store } = await show(listing([{ name: 'echo', description: 'Says it back, and <i>keeps</i> it', inputSchema: { type: 'object', properties: { to: {} } } }, TOOLS[1]!]));
    const server = await store.addServer({ label: 'Files', url: 'http://h/mcp' });
    await act(async () => store.updateServer(server.id, { tools: TOOLS }));
    await act(async () => store.setPolicy({ serverId: server.id, tool: 'echo' }, 'on'));
    await act(async () => fireEvent.click(within(ui.getByRole('listitem', { name: 'Files' })).getByRole('button', { name: 'List tools again' })));

    const policy = await waitFor(() => {
      const select = ui.getByRole('combobox', { name: 'When the model calls echo' }) as HTMLSelectElement;
      expect(select.value).toBe('ask');
      return select;
    });
    const row = policy.closest('li')!;
    expect(row.dataset.lapse).toBe('changed');
    expect(row.textContent).toContain('echo changed since you allowed it, so it asks again.');
    expect(row.textContent).toContain('Description changed: was “Says <b>it</b> back”, now “Says it back, and <i>keeps</i> it”.');
    expect(row.textContent).toContain('Input schema changed: was {"type":"object"}, now {"properties":{"to":{}},"type":"object"}.');
    expect(row.querySelector('b, i')).toBeNull();

    await act(async () => fireEvent.change(policy, { target: { value: 'on' } }));
    expect(policy.value).toBe('on');
    expect(row.dataset.lapse).toBeUndefined();
  });

  it('a server without CORS is explained with the headers it must send, and is not added unless the user says so', async () => {
    const { ui, store } = await show(failing('cors'));
    await addServer(ui, 'Remote', 'http://remote/mcp');
    const form = ui.getByRole('form', { name: 'Add an MCP server' });
    const status = within(form).getByRole('status');
    await waitFor(() => expect(status.textContent).toContain('does not allow this page (CORS)'));
    expect(store.getSnapshot().servers).toEqual([]);
    expect(status.textContent).toContain('does not allow this page (CORS)');
    const lines = status.querySelector('pre')!.textContent!;
    expect(lines).toContain(`Access-Control-Allow-Origin: ${location.origin}`);
    expect(lines).toContain('Access-Control-Expose-Headers: Mcp-Session-Id, WWW-Authenticate');
    expect(lines).toContain('Access-Control-Allow-Headers: Authorization, Content-Type, Mcp-Session-Id, Mcp-Protocol-Version');
    // Kept only when asked, and marked.
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Add anyway' })));
    const server = ui.getByRole('listitem', { name: 'Remote' });
    expect(within(server).getByText('Not reachable when added')).toBeTruthy();
    expect(store.getSnapshot().servers[0]).toMatchObject({ label: 'Remote', url: 'http://remote/mcp', unreachable: true });
    expect(within(server).getByRole('button', { name: 'Connect' })).toBeTruthy();
  });

  it.each([
    ['unauthorized', 'Check the headers'],
    ['not-found', 'Check the path'],
    ['mixed-content', 'mixed content'],
    ['down', 'Nothing answers at this address'],
  ] as const)('a %s failure says what to fix', async (reason, fix) => {
    const { ui } = await show(failing(reason));
    await addServer(ui, 'S', 'http://s/mcp');
    const status = within(ui.getByRole('form', { name: 'Add an MCP server' })).getByRole('status');
    await waitFor(() => expect(status.textContent).toContain(fix));
    expect(status.querySelector('pre')).toBeNull();
  });

  it('Connect again after fixing the server lists its tools', async () => {
    let fail = true;
    const connect = vi.fn<ConnectMcp>(async (address) => {
      if (fail) throw new McpFailure('unauthorized', '401', { url: address.url });
      return listing()(address);
    });
    const { ui, store } = await show(connect);
    await addServer(ui, 'S', 'http://s/mcp');
    await act(async () => fireEvent.click(ui.getByRole('button', { name: 'Add anyway' })));
    const server = ui.getByRole('listitem', { name: 'S' });
    fail = false;
    await act(async () => fireEvent.click(within(server).getByRole('button', { name: 'Connect' })));
    await waitFor(() => expect(server.dataset.state).toBe('ok'));
    expect(within(server).getByRole('button', { name: 'List tools again' })).toBeTruthy();
    // Reached now: no longer marked.
    expect(within(server).queryByText('Not reachable when added')).toBeNull();
    expect(store.getSnapshot().servers[0]!.unreachable).toBeUndefined();
  });

  it('edits a server in place: a new name is saved as is, a new address is tried first and forgets the old sign-in', async () => {
    const connect = listing();
    const { ui, store } = await show(connect);
    await addServer(ui, 'Files', 'http://h/mcp');
    await waitFor(() => expect(ui.getByRole('list', { name: 'Tools of Files' })).toBeTruthy());
    const id = store.getSnapshot().servers[0]!.id;
    await act(() => store.updateServer(id, { oauth: { clientInformation: { client_id: 'old' } } as never }));

    fireEvent.click(ui.getByRole('button', { name: 'Edit Files' }));
    let form = ui.getByRole('form', { name: 'Edit Files' });
    fireEvent.change(within(form).getByLabelText('Server name'), { target: { value: 'My files' } });
    const calls = connect.mock.calls.length;
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save' })));
    expect(connect.mock.calls.length).toBe(calls);
    expect(store.getSnapshot().servers[0]).toMatchObject({ label: 'My files', url: 'http://h/mcp' });

    fireEvent.click(ui.getByRole('button', { name: 'Edit My files' }));
    form = ui.getByRole('form', { name: 'Edit My files' });
    fireEvent.change(within(form).getByLabelText('Server address'), { target: { value: 'http://other/mcp' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save' })));
    expect(connect).toHaveBeenLastCalledWith({ url: 'http://other/mcp' });
    const saved = store.getSnapshot().servers[0]!;
    expect(saved).toMatchObject({ label: 'My files', url: 'http://other/mcp', tools: TOOLS });
    expect(saved.oauth).toBeUndefined();
    expect(ui.getByRole('listitem', { name: 'My files' }).dataset.state).toBe('ok');
  });

  it('an edited address that does not answer is kept only with Save anyway, and marked', async () => {
    let fail = false;
    const connect = vi.fn<ConnectMcp>(async (address) => {
      if (fail) throw new McpFailure('down', 'refused', { url: address.url });
      return listing()(address);
    });
    const { ui, store } = await show(connect);
    await addServer(ui, 'Files', 'http://h/mcp');
    await waitFor(() => expect(ui.getByRole('list', { name: 'Tools of Files' })).toBeTruthy());
    fail = true;
    fireEvent.click(ui.getByRole('button', { name: 'Edit Files' }));
    const form = ui.getByRole('form', { name: 'Edit Files' });
    fireEvent.change(within(form).getByLabelText('Server address'), { target: { value: 'http://gone/mcp' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(within(form).getByRole('status').textContent).toContain('Nothing answers at this address'));
    expect(store.getSnapshot().servers[0]!.url).toBe('http://h/mcp');
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save anyway' })));
    expect(store.getSnapshot().servers[0]).toMatchObject({ url: 'http://gone/mcp', unreachable: true });
    expect(within(ui.getByRole('listitem', { name: 'Files' })).getByText('Not reachable when added')).toBeTruthy();
  });

  it('removes a server with its policies, and focus goes to the section', async () => {
    const { ui, store } = await show(listing());
    await addServer(ui, 'Files', 'http://h/mcp');
    const policy = await waitFor(() => ui.getByRole('combobox', { name: 'When the model calls echo' }));
    await act(async () => fireEvent.change(policy, { target: { value: 'off' } }));
    await act(async () => fireEvent.click(ui.getByRole('button', { name: 'Remove Files' })));
    expect(ui.queryByRole('listitem', { name: 'Files' })).toBeNull();
    expect(store.getSnapshot()).toMatchObject({ servers: [], policies: {} });
    expect(document.activeElement).toBe(ui.getByRole('heading', { name: 'Tools' }));
  });

  it('Cancel closes the form and returns focus to its button', async () => {
    const { ui } = await show(listing());
    fireEvent.click(ui.getByRole('button', { name: 'Add MCP server' }));
    await act(async () => fireEvent.click(ui.getByRole('button', { name: 'Cancel' })));
    expect(ui.queryByLabelText('Server address')).toBeNull();
    expect(document.activeElement).toBe(ui.getByRole('button', { name: 'Add MCP server' }));
  });

  it('keeps a step limit between 1 and 50', async () => {
    const { ui, store } = await show(listing());
    const limit = ui.getByRole('spinbutton', { name: 'Step limit' }) as HTMLInputElement;
    expect(limit.value).toBe('10');
    await act(async () => fireEvent.change(limit, { target: { value: '5' } }));
    expect(store.getSnapshot().stepLimit).toBe(5);
    await act(async () => fireEvent.change(limit, { target: { value: '60' } }));
    expect(limit.getAttribute('aria-invalid')).toBe('true');
    expect(store.getSnapshot().stepLimit).toBe(5);
    await act(async () => fireEvent.blur(limit));
    expect(limit.value).toBe('5');
  });
});
