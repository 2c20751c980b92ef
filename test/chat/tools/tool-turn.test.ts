// @vitest-environment node
// The approval state machine of a tool turn, running real calls on the MCP test server.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectMcpServer, type McpConnection, type ToolPolicies } from '../../../src/chat/mcp';
import {
  createToolTurn,
  DENIED_MESSAGE,
  toolCatalogue,
  type ToolTurn,
} from '../../../src/chat/tools';
import type { ToolCall } from '../../../src/chat/types';
import { FAIL_MESSAGE, startMcpServer, type RunningMcpServer } from '../../support/mcp-server/index.mjs';

/** Long enough that calls are surely still running while the test looks at them. */
const SLOW_CALL_MS = 400;
/** Far longer than any test: a call that must be stopped, not finish. */
const NEVER_MS = 30_000;
const SERVER = 'srv-1';

let mcp: RunningMcpServer;
let connection: McpConnection;
beforeAll(async () => {
  mcp = await startMcpServer();
  connection = await connectMcpServer({ url: mcp.url }, { probe: null });
});
afterAll(async () => {
  await connection.close();
  await mcp.close();
});
afterEach(() => mcp.reset());

function turnWith(policies: ToolPolicies = {}, extra: { stepLimit?: number; onPoliciesChange?: (p: ToolPolicies) => void } = {}): ToolTurn {
  const catalogue = toolCatalogue([{ serverId: SERVER, label: 'Test server', tools: [{ name: 'echo', inputSchema: {} }, { name: 'fail', inputSchema: {} }] }]);
  return createToolTurn({ catalogue, policies, runTool: (target, args, signal) => connection.callTool(target.tool, args, signal), ...extra });
}

/** "On" as approved for the catalogue's definition of the tools (an empty schema, no description). */
const ON = { policy: 'on', approved: { inputSchema: {} } } as const;

const echoCall = (index: number, text: string): ToolCall => ({ index, id: `call_${text}`, name: 'test_server__echo', arguments: JSON.stringify({ text }) });
const states = (turn: ToolTurn) => turn.getSnapshot().calls.map((c) => c.state);

describe('a tool turn', () => {
  it('asks by default; Approve runs the call and its result becomes the tool message', async () => {
    const turn = turnWith();
    turn.modelCalled([echoCall(0, 'hi')]);
    expect(turn.getSnapshot().state).toBe('awaiting-approval');
    expect(states(turn)).toEqual(['pending']);
    expect(mcp.calls).toEqual([]);
    turn.decide('call_hi', 'approve');
    await expect.poll(() => turn.getSnapshot().state).toBe('ready');
    expect(turn.toolMessages()).toEqual([{ toolCallId: 'call_hi', content: 'hi', isError: false }]);
  });

  it('Deny runs nothing and tells the model the user denied the call', () => {
    const turn = turnWith();
    turn.modelCalled([echoCall(0, 'no')]);
    turn.decide('call_no', 'deny');
    expect(turn.getSnapshot().state).toBe('ready');
    expect(turn.toolMessages()).toEqual([{ toolCallId: 'call_no', content: DENIED_MESSAGE, isError: true }]);
    expect(mcp.calls).toEqual([]);
  });

  it('Always allow runs the call and turns the tool on, so the next call runs without asking', async () => {
    const saved: ToolPolicies[] = [];
    const turn = turnWith({}, { onPoliciesChange: (p) => saved.push(p) });
    turn.modelCalled([echoCall(0, 'one')]);
    turn.decide('call_one', 'always');
    expect(saved).toEqual([{ [SERVER]: { echo: ON } }]);
    await expect.poll(() => turn.getSnapshot().state).toBe('ready');
    turn.modelCalled([echoCall(0, 'two')]);
    expect(turn.getSnapshot().state).toBe('running');
    await expect.poll(() => turn.getSnapshot().state).toBe('ready');
    expect(turn.toolMessages()).toEqual([{ toolCallId: 'call_two', content: 'two', isError: false }]);
  });

  it('runs two approved calls of one step in parallel', async () => {
    mcp.setCallDelay(SLOW_CALL_MS);
    const turn = turnWith();
    turn.modelCalled([echoCall(0, 'a'), echoCall(1, 'b')]);
    turn.decide('call_a', 'approve');
    expect(turn.getSnapshot().state).toBe('awaiting-approval');
    turn.decide('call_b', 'approve');
    // Both reach the server before either has finished.
    await expect.poll(() => mcp.calls.map((c) => c.state)).toEqual(['running', 'running']);
    await expect.poll(() => turn.getSnapshot().state).toBe('ready');
    expect(turn.toolMessages().map((m) => m.content)).toEqual(['a', 'b']);
  });

  it('gives a failing tool and an unknown or switched-off tool to the model as errors', async () => {
    const turn = turnWith({ [SERVER]: { fail: ON, echo: 'off' } });
    turn.modelCalled([
      { index: 0, id: 'f', name: 'test_server__fail', arguments: '{}' },
      { index: 1, id: 'e', name: 'test_server__echo', arguments: '{"text":"x"}' },
      { index: 2, id: 'u', name: 'nope', arguments: '{}' },
    ]);
    await expect.poll(() => turn.getSnapshot().state).toBe('ready');
    expect(turn.toolMessages()).toEqual([
      { toolCallId: 'f', content: FAIL_MESSAGE, isError: true },
      { toolCallId: 'e', content: expect.stringContaining('turned off'), isError: true },
      { toolCallId: 'u', content: expect.stringContaining('no tool'), isError: true },
    ]);
    expect(mcp.calls.map((c) => c.name)).toEqual(['fail']);
  });

  it('stops at the step limit without running the extra step', async () => {
    const turn = turnWith({ [SERVER]: { echo: ON } }, { stepLimit: 2 });
    for (const text of ['1', '2']) {
      turn.modelCalled([echoCall(0, text)]);
      await expect.poll(() => turn.getSnapshot().state).toBe('ready');
    }
    turn.modelCalled([echoCall(0, '3')]);
    expect(turn.getSnapshot()).toMatchObject({ state: 'step-limit', step: 3 });
    expect(states(turn)).toEqual(['cancelled']);
    expect(mcp.calls.map((c) => c.arguments)).toEqual([{ text: '1' }, { text: '2' }]);
  });

  it('Stop during a slow call cancels it on the server and ends the turn; a late decision does nothing', async () => {
    mcp.setCallDelay(NEVER_MS);
    const turn = turnWith({ [SERVER]: { echo: ON } });
    turn.modelCalled([echoCall(0, 'slow'), { index: 1, id: 'ask', name: 'test_server__fail', arguments: '{}' }]);
    await expect.poll(() => mcp.calls.map((c) => c.state)).toEqual(['running']);
    turn.stop();
    expect(turn.getSnapshot().state).toBe('stopped');
    expect(states(turn)).toEqual(['cancelled', 'cancelled']);
    await expect.poll(() => mcp.calls.map((c) => c.state)).toEqual(['cancelled']);
    turn.decide('ask', 'approve');
    expect(mcp.calls).toHaveLength(1);
    expect(turn.toolMessages()).toEqual([]);
  });
});
