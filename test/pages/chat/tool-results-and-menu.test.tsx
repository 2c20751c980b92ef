import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Chat, Message } from '../../../src/chat';
import { createMemoryPersistence } from '../../../src/chat/persistence/memory-persistence';
import { configureToolSettings, resetToolSettings, type McpServerConfig } from '../../../src/chat/mcp';
import { cleanUpStore, installStore, renderChatPage, settle } from './chat-page-kit';

afterEach(() => {
  cleanUpStore();
  resetToolSettings();
});

const AT = 1_700_000_000_000;
const chat: Chat = { id: 'c1', title: 'Tools', titleSource: 'user', createdAt: AT, updatedAt: AT, pinned: false, currentLeafId: 'a4' };
const base = { chatId: 'c1', status: 'complete' as const, createdAt: AT };
const messages: Message[] = [
  { ...base, id: 'u1', parentId: null, role: 'user', content: 'Echo and fail, please' },
  {
    ...base,
    id: 'a1',
    parentId: 'u1',
    role: 'assistant',
    content: '',
    finishReason: 'tool_calls',
    toolCalls: [
      { index: 0, id: 'call_a', name: 'files__echo', tool: 'echo', serverId: 's1', arguments: '{"text":"hi"}', state: 'done' },
      { index: 1, id: 'call_b', name: 'files__fail', tool: 'fail', serverId: 's1', arguments: '{}', state: 'failed' },
    ],
  },
  { ...base, id: 't1', parentId: 'a1', role: 'tool', toolCallId: 'call_a', content: 'It said **hi** <img src=x onerror=alert(1)>' },
  { ...base, id: 't2', parentId: 't1', role: 'tool', toolCallId: 'call_b', content: 'The tool broke', isError: true },
  { ...base, id: 'a2', parentId: 't2', role: 'assistant', content: 'Done.' },
  { ...base, id: 'u2', parentId: 'a2', role: 'user', content: 'A picture now' },
  // Servers number calls per reply: this reply's call_a is another call.
  {
    ...base,
    id: 'a3',
    parentId: 'u2',
    role: 'assistant',
    content: '',
    finishReason: 'tool_calls',
    toolCalls: [{ index: 0, id: 'call_a', name: 'files__picture', tool: 'picture', serverId: 's1', arguments: '{}', state: 'done' }],
  },
  { ...base, id: 't3', parentId: 'a3', role: 'tool', toolCallId: 'call_a', content: 'A red dot.' },
  { ...base, id: 'a4', parentId: 't3', role: 'assistant', content: 'Done again.' },
];

async function open(servers: McpServerConfig[] = []) {
  configureToolSettings({ load: async () => ({ servers, policies: {}, stepLimit: 10 }), save: async () => {} });
  const persistence = createMemoryPersistence();
  await persistence.createChat(chat, messages);
  const store = installStore(undefined, persistence);
  renderChatPage('c1');
  await settle();
  await screen.findByText('Done again.');
  return store;
}

const results = () => screen.getAllByRole('article', { name: 'Tool result' });

describe('tool results in the thread', () => {
  it('are folded under “Result of <tool>”, their text rendered as markdown and never as HTML', async () => {
    await open();
    const [echo] = results();
    const details = echo!.querySelector('details')!;
    expect(details.open).toBe(false);
    expect(details.dataset.state).toBe('ok');
    expect(within(echo!).getByText('Result of echo').closest('summary')).toBeTruthy();
    expect(echo!.querySelector('.message-markdown strong')!.textContent).toBe('hi');
    expect(echo!.querySelector('img')).toBeNull();
  });

  it('name the call each answers, also when a later reply reuses a call id', async () => {
    await open();
    expect(results().map((result) => result.querySelector('summary')!.textContent)).toEqual(['Result of echo', 'Result of fail: error', 'Result of picture']);
  });

  it('mark an error result, and offer no edit, regenerate or delete', async () => {
    await open();
    const [, fail] = results();
    expect(fail!.querySelector('details')!.dataset.state).toBe('error');
    expect(within(fail!).getByText('Result of fail: error')).toBeTruthy();
    for (const result of results()) expect(within(result).queryByRole('group', { name: 'Message actions' })).toBeNull();
  });
});

describe('the composer’s Tools menu', () => {
  it('offers Parley’s own Code tools before any MCP server is set up (issue 36), off until ticked', async () => {
    const store = await open();
    fireEvent.click(screen.getByRole('button', { name: 'Tools' }));
    const code = within(screen.getByRole('menu', { name: 'Tools' })).getByRole('menuitemcheckbox', { name: 'Code' });
    expect(code.getAttribute('aria-checked')).toBe('false');
    await act(async () => fireEvent.click(code));
    await settle();
    expect(store.getSnapshot().chats.find((c) => c.id === 'c1')!.toolServers).toEqual(['parley:code']);
    expect(screen.getByRole('button', { name: 'Tools: 1' })).toBeTruthy();
  });

  it('ticks servers on and off for this chat, counting them on the button', async () => {
    const store = await open([
      { id: 's1', label: 'Files', url: 'http://h/mcp' },
      { id: 's2', label: 'Search', url: 'http://s/mcp' },
    ]);
    const button = screen.getByRole('button', { name: 'Tools' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    fireEvent.click(button);
    const menu = screen.getByRole('menu', { name: 'Tools' });
    const files = within(menu).getByRole('menuitemcheckbox', { name: 'Files' });
    expect(files.getAttribute('aria-checked')).toBe('false');
    await act(async () => fireEvent.click(files));
    await settle();
    expect(store.getSnapshot().chats.find((c) => c.id === 'c1')!.toolServers).toEqual(['s1']);
    // The menu stays open for the next choice.
    expect(within(screen.getByRole('menu')).getByRole('menuitemcheckbox', { name: 'Files' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('button', { name: 'Tools: 1' })).toBeTruthy();
    // From the keyboard: down past Parley's Code and Files to the next server, Enter ticks it.
    await act(async () => fireEvent.keyDown(screen.getByRole('menu'), { key: 'ArrowDown' }));
    expect(document.activeElement).toBe(screen.getByRole('menuitemcheckbox', { name: 'Files' }));
    await act(async () => fireEvent.keyDown(screen.getByRole('menu'), { key: 'ArrowDown' }));
    expect(document.activeElement).toBe(screen.getByRole('menuitemcheckbox', { name: 'Search' }));
    await act(async () => fireEvent.keyDown(screen.getByRole('menu'), { key: 'Enter' }));
    await settle();
    expect(store.getSnapshot().chats.find((c) => c.id === 'c1')!.toolServers).toEqual(['s1', 's2']);
    expect(screen.getByRole('button', { name: 'Tools: 2' })).toBeTruthy();
  });

  it('web search is the chat’s own switch, last in the menu, and counts while on (issue 37)', async () => {
    const store = await open([]);
    fireEvent.click(screen.getByRole('button', { name: 'Tools' }));
    const search = within(screen.getByRole('menu', { name: 'Tools' })).getByRole('menuitemcheckbox', { name: 'Web search' });
    expect(search.getAttribute('aria-checked')).toBe('false');
    await act(async () => fireEvent.click(search));
    await settle();
    const chat = store.getSnapshot().chats.find((c) => c.id === 'c1')!;
    expect(chat.webSearch).toBe(true);
    // Not a server the chat ticks: its tool is offered by where searches go.
    expect(chat.toolServers ?? []).toEqual([]);
    expect(screen.getByRole('button', { name: 'Tools: 1' })).toBeTruthy();
    await act(async () => fireEvent.click(within(screen.getByRole('menu')).getByRole('menuitemcheckbox', { name: 'Web search' })));
    await settle();
    expect(store.getSnapshot().chats.find((c) => c.id === 'c1')!.webSearch).toBe(false);
  });

  it('with an MCP search server on and the switch off, the message box says queries go to that server (issue 37)', async () => {
    const store = await open([
      { id: 's1', label: 'Files', url: 'http://h/mcp', tools: [{ name: 'read_file', inputSchema: { type: 'object' } }] },
      { id: 's2', label: 'Brave', url: 'http://s/mcp', tools: [{ name: 'brave_web_search', inputSchema: { type: 'object' } }] },
    ]);
    expect(document.querySelector('.chat-composer__search')).toBeNull();
    await act(async () => store.updateChatSettings('c1', { toolServers: ['s1'] }));
    await settle();
    expect(document.querySelector('.chat-composer__search')).toBeNull();
    await act(async () => store.updateChatSettings('c1', { toolServers: ['s1', 's2'] }));
    await settle();
    const note = document.querySelector('.chat-composer__search')!;
    expect(note.getAttribute('data-state')).toBe('mcp');
    expect(note.textContent).toBe('Search: BraveThe model can search the web through the MCP server Brave: its queries go there');
  });

  it('says which server did not answer when it was added, in its name and with an icon (issue 33)', async () => {
    await open([
      { id: 's1', label: 'Files', url: 'http://h/mcp' },
      { id: 's2', label: 'Search', url: 'http://s/mcp', unreachable: true },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Tools' }));
    const menu = screen.getByRole('menu', { name: 'Tools' });
    expect(within(menu).getAllByRole('menuitemcheckbox').map((item) => item.textContent)).toEqual(['Code', 'Files', 'Search (not reachable)', 'Web search']);
    // The box to tick, then the mark; a reachable server has the box alone.
    expect(within(menu).getByRole('menuitemcheckbox', { name: 'Search (not reachable)' }).querySelectorAll('.menu__icon')).toHaveLength(2);
    expect(within(menu).getByRole('menuitemcheckbox', { name: 'Files' }).querySelectorAll('.menu__icon')).toHaveLength(1);
  });
});
