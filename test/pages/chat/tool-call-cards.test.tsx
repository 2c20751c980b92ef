import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetChatStore, type ChatStore, type ToolCall } from '../../../src/chat';
import { configureToolSettings, getToolSettingsStore, resetToolSettings } from '../../../src/chat/mcp';
import { MessageStatus } from '../../../src/pages/chat/message/message-status';
import { ToolCallList } from '../../../src/pages/chat/tools/tool-call-list';
import { TooltipProvider } from '../../../src/ui/tooltip';
import { disposeStores, makeStore } from '../../chat/store-harness';

let store: ChatStore;

beforeEach(async () => {
  store = makeStore().store;
  resetChatStore(store);
  configureToolSettings({ load: async () => ({ servers: [{ id: 's1', label: 'Files', url: 'http://h/mcp' }], policies: {}, stepLimit: 10 }), save: async () => {} });
  await getToolSettingsStore().init();
});
afterEach(() => {
  cleanup();
  resetChatStore();
  disposeStores();
  resetToolSettings();
});

const call = (index: number, state: ToolCall['state'], extra: Partial<ToolCall> = {}): ToolCall => ({
  index,
  id: `call_${index}`,
  name: `files__tool${index}`,
  tool: `tool${index}`,
  serverId: 's1',
  arguments: '{"path":"/tmp","deep":true}',
  state,
  ...extra,
});

function show(calls: ToolCall[]) {
  const view = render(
    <TooltipProvider>
      <ToolCallList calls={calls} messageId="m1" />
    </TooltipProvider>,
  );
  return {
    card: (name: string) => screen.getByRole('listitem', { name }),
    rerender: (next: ToolCall[]) =>
      view.rerender(
        <TooltipProvider>
          <ToolCallList calls={next} messageId="m1" />
        </TooltipProvider>,
      ),
  };
}

describe('tool call cards', () => {
  it('a pending call of a tool allowed before, redefined since, says what changed (issue 20)', async () => {
    resetToolSettings();
    const approved = { description: 'Lists a folder.', inputSchema: { type: 'object' } };
    const tools = [{ name: 'tool0', description: 'Lists a folder and uploads it.', inputSchema: { type: 'object' } }];
    configureToolSettings({
      load: async () => ({ servers: [{ id: 's1', label: 'Files', url: 'http://h/mcp', tools }], policies: { s1: { tool0: { policy: 'on', approved }, tool1: 'on' } }, stepLimit: 10 }),
      save: async () => {},
    });
    await getToolSettingsStore().init();
    const { card } = show([call(0, 'pending'), call(1, 'pending'), call(2, 'running')]);
    const changed = card('tool0').querySelector<HTMLElement>('.approval-lapse')!;
    expect(changed.dataset.reason).toBe('changed');
    expect(changed.textContent).toBe('tool0 changed since you allowed it, so it asks again.Description changed: was “Lists a folder.”, now “Lists a folder and uploads it.”.');
    expect(card('tool1').querySelector<HTMLElement>('.approval-lapse')!.dataset.reason).toBe('unchecked');
    expect(card('tool2').querySelector('.approval-lapse')).toBeNull();
  });

  it('Parley’s web search keeps its arguments folded once it runs (its result says the query); another tool’s short ones show', () => {
    const { card } = show([
      { index: 0, id: 'c0', name: 'web_search', tool: 'web_search', serverId: 'parley:web-search', arguments: '{"query":"node lts"}', state: 'done' },
      { index: 1, id: 'c1', name: 'files__read', tool: 'read', serverId: 's1', arguments: '{"path":"a"}', state: 'done' },
    ]);
    expect(card('web_search').querySelector('details')!.open).toBe(false);
    expect(card('read').querySelector('details')!.open).toBe(true);
  });

  it('name the tool and its server, show the arguments pretty-printed and the state as text and data-state', () => {
    const { card } = show([call(0, 'running')]);
    const item = card('tool0');
    expect(item.dataset.state).toBe('running');
    expect(item.textContent).toContain('on Files');
    expect(within(item).getByText('Running…')).toBeTruthy();
    expect(item.querySelector('pre')!.textContent).toBe('{\n  "path": "/tmp",\n  "deep": true\n}');
    expect(within(item).queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('show invalid arguments as the model wrote them, and markup as text', () => {
    const { card } = show([call(0, 'refused', { arguments: '{"html":"<img src=x onerror=alert(1)>"' })]);
    const item = card('tool0');
    expect(item.querySelector('pre')!.textContent).toBe('{"html":"<img src=x onerror=alert(1)>"');
    expect(item.querySelector('img')).toBeNull();
    expect(within(item).getByText('Refused (turned off, unknown or bad arguments)')).toBeTruthy();
  });

  it.each([
    ['Approve', 'approveToolCall', ['m1', 'call_0', false]],
    ['Always allow this tool', 'approveToolCall', ['m1', 'call_0', true]],
    ['Deny', 'denyToolCall', ['m1', 'call_0']],
  ] as const)('a pending call’s %s button tells the store', (button, method, args) => {
    const spy = vi.spyOn(store, method).mockImplementation(() => {});
    const { card } = show([call(0, 'pending')]);
    const decision = within(card('tool0')).getByRole('group', { name: 'Run tool0?' });
    fireEvent.click(within(decision).getByRole('button', { name: button }));
    expect(spy).toHaveBeenCalledWith(...args);
  });

  it('after a choice, focus moves to the next call waiting, then stays on the last card decided', async () => {
    vi.spyOn(store, 'approveToolCall').mockImplementation(() => {});
    vi.spyOn(store, 'denyToolCall').mockImplementation(() => {});
    const { card, rerender } = show([call(0, 'pending'), call(1, 'pending')]);
    const approve = within(card('tool0')).getByRole('button', { name: 'Approve' });
    approve.focus();
    fireEvent.click(approve);
    await act(async () => rerender([call(0, 'running'), call(1, 'pending')]));
    expect(document.activeElement).toBe(within(card('tool1')).getByRole('button', { name: 'Approve' }));

    fireEvent.click(within(card('tool1')).getByRole('button', { name: 'Deny' }));
    await act(async () => rerender([call(0, 'running'), call(1, 'denied')]));
    expect(document.activeElement).toBe(card('tool1'));
    expect(within(card('tool1')).getByText('Denied')).toBeTruthy();
  });

  it('a call that was only shown (no tools in the chat) says so', () => {
    render(<ToolCallList calls={[{ index: 0, name: 'get_time', arguments: '{}' }]} />);
    expect(screen.getByText('The model asked to call get_time with no arguments')).toBeTruthy();
    expect(screen.getByText('Tools are off in this chat: the call is shown, not made.')).toBeTruthy();
  });
});

describe('a server that refuses tools', () => {
  it('names the model and offers Send without tools', () => {
    const onResend = vi.fn();
    render(
      <MessageStatus
        message={{ status: 'error', errorCode: 'tools-unsupported', error: 'tools not supported', content: '', model: 'c1/llama3' }}
        onRetry={() => {}}
        onContinue={() => {}}
        onResendWithoutTools={onResend}
      />,
    );
    expect(screen.getByText('llama3 does not accept tools')).toBeTruthy();
    expect(screen.getByText('tools not supported')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send without tools' }));
    expect(onResend).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
