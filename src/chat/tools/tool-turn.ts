import type { ToolCall } from '../types';
import type { ToolResult, ToolTarget } from '../mcp';
import { DEFAULT_STEP_LIMIT, policyFor, withPolicy, type ToolDecision, type ToolPolicies } from '../mcp/approval-policy';
import { resultText } from '../mcp/tool-result';
import type { ToolCatalogue } from './tool-names';

/**
 * One turn of a chat with tools, as a state machine outside React: the model asks for calls, each
 * runs at once (on), waits for the user (ask) or is refused (off, unknown); approved calls run in
 * parallel; when every call has settled, the turn is `ready` with one `tool` message per call for
 * the next model request. A step limit ends a turn whose model keeps calling; Stop works at any point.
 */

/** What the model is told instead of a result (it reads English best; the user sees the call's state). */
export const DENIED_MESSAGE = 'The user denied this tool call. Do not call it again for this request; answer without it.';
export const TOOL_OFF_MESSAGE = 'This tool is turned off by the user.';
export const UNKNOWN_TOOL_MESSAGE = 'There is no tool of that name.';
export const BAD_ARGUMENTS_MESSAGE = 'The arguments were not a JSON object.';
export const CALL_FAILED_MESSAGE = 'The tool could not be called:';

export type CallState = 'pending' | 'running' | 'done' | 'failed' | 'denied' | 'refused' | 'cancelled';
export type TurnState = 'idle' | 'awaiting-approval' | 'running' | 'ready' | 'step-limit' | 'stopped';

export interface TurnCall {
  /** The model's id for the call (the `tool_call_id` of its result), or one made up from its index. */
  id: string;
  functionName: string;
  /** Undefined when the name matches no enabled tool. */
  target?: ToolTarget;
  args: Record<string, unknown>;
  state: CallState;
  result?: ToolResult;
  /** Why it failed, for a failed call (an McpFailure's message). */
  error?: string;
}

export interface TurnSnapshot {
  state: TurnState;
  /** Model requests of this turn that ended in tool calls. */
  step: number;
  calls: readonly TurnCall[];
  policies: ToolPolicies;
}

/** A `tool` message for the next model request. */
export interface ToolMessage {
  toolCallId: string;
  content: string;
  isError: boolean;
}

export type RunTool = (target: ToolTarget, args: Record<string, unknown>, signal: AbortSignal) => Promise<ToolResult>;

export interface ToolTurnOptions {
  catalogue: ToolCatalogue;
  policies: ToolPolicies;
  runTool: RunTool;
  stepLimit?: number;
  /** Told when the user chose "Always allow", so settings can keep it. */
  onPoliciesChange?: (policies: ToolPolicies) => void;
}

export const SETTLED: readonly CallState[] = ['done', 'failed', 'denied', 'refused', 'cancelled'];

export function parseArgs(text: string): Record<string, unknown> | undefined {
  if (!text.trim()) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export function createToolTurn(options: ToolTurnOptions) {
  const stepLimit = options.stepLimit ?? DEFAULT_STEP_LIMIT;
  let snapshot: TurnSnapshot = { state: 'idle', step: 0, calls: [], policies: options.policies };
  let controller = new AbortController();
  const listeners = new Set<() => void>();

  const publish = (next: Partial<TurnSnapshot>) => {
    snapshot = { ...snapshot, ...next };
    for (const listener of [...listeners]) listener();
  };
  const settleState = (calls: readonly TurnCall[]): TurnState => {
    if (calls.some((call) => call.state === 'pending')) return 'awaiting-approval';
    return calls.every((call) => SETTLED.includes(call.state)) ? 'ready' : 'running';
  };
  const update = (id: string, change: Partial<TurnCall>) => {
    if (snapshot.state === 'stopped') return;
    const calls = snapshot.calls.map((call) => (call.id === id ? { ...call, ...change } : call));
    publish({ calls, state: settleState(calls) });
  };

  /** Runs a call already marked running; its end updates it, unless the turn was stopped. */
  const start = (call: TurnCall) => {
    const { signal } = controller;
    options.runTool(call.target!, call.args, signal).then(
      (result) => update(call.id, { state: 'done', result }),
      (error: unknown) => {
        if (signal.aborted) return;
        update(call.id, { state: 'failed', error: error instanceof Error ? error.message : String(error) });
      },
    );
  };

  return {
    getSnapshot: (): TurnSnapshot => snapshot,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    /** The model's reply ended with these calls: start a step (or stop at the limit). */
    modelCalled(toolCalls: readonly ToolCall[]): void {
      if (snapshot.state === 'stopped' || snapshot.state === 'step-limit') return;
      const step = snapshot.step + 1;
      controller = new AbortController();
      const calls = toolCalls.map((toolCall): TurnCall => {
        const target = options.catalogue.resolve(toolCall.name);
        const args = parseArgs(toolCall.arguments);
        const base = { id: toolCall.id ?? `call_${toolCall.index}`, functionName: toolCall.name, ...(target && { target }), args: args ?? {} };
        if (!target) return { ...base, state: 'refused', error: UNKNOWN_TOOL_MESSAGE };
        if (!args) return { ...base, state: 'refused', error: BAD_ARGUMENTS_MESSAGE };
        if (step > stepLimit) return { ...base, state: 'cancelled' };
        const policy = policyFor(snapshot.policies, target, options.catalogue.toolOf(target));
        if (policy === 'off') return { ...base, state: 'refused', error: TOOL_OFF_MESSAGE };
        return { ...base, state: policy === 'on' ? 'running' : 'pending' };
      });
      if (step > stepLimit) return publish({ step, calls, state: 'step-limit' });
      publish({ step, calls, state: settleState(calls) });
      for (const call of calls) if (call.state === 'running') start(call);
    },

    /** The user's answer to a pending call; "always" also sets the tool on for the future, as defined now. */
    decide(id: string, decision: ToolDecision): void {
      const call = snapshot.calls.find((c) => c.id === id);
      if (!call || call.state !== 'pending' || snapshot.state === 'stopped') return;
      if (decision === 'deny') return update(id, { state: 'denied' });
      if (decision === 'always' && call.target) {
        const policies = withPolicy(snapshot.policies, call.target, 'on', options.catalogue.toolOf(call.target));
        publish({ policies });
        options.onPoliciesChange?.(policies);
      }
      update(id, { state: 'running' });
      start(call);
    },

    /** Stop: running calls are aborted (the server is told), pending ones never run. */
    stop(): void {
      if (snapshot.state === 'stopped') return;
      controller.abort();
      const calls = snapshot.calls.map((call) => (SETTLED.includes(call.state) ? call : { ...call, state: 'cancelled' as const }));
      publish({ calls, state: 'stopped' });
    },

    /** One `tool` message per call of the step, in the model's order; only once the turn is ready. */
    toolMessages(): ToolMessage[] {
      if (snapshot.state !== 'ready') return [];
      return snapshot.calls.map((call) => ({ toolCallId: call.id, ...messageFor(call) }));
    },
  };
}

export type ToolTurn = ReturnType<typeof createToolTurn>;

function messageFor(call: TurnCall): { content: string; isError: boolean } {
  switch (call.state) {
    case 'done':
      return { content: resultText(call.result!), isError: call.result!.isError };
    case 'denied':
      return { content: DENIED_MESSAGE, isError: true };
    case 'failed':
      return { content: `${CALL_FAILED_MESSAGE} ${call.error ?? ''}`.trim(), isError: true };
    default:
      return { content: call.error ?? UNKNOWN_TOOL_MESSAGE, isError: true };
  }
}
