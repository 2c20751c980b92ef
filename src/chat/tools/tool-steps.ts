import type { Message, ToolCall } from '../types';
import { policyFor, type ToolPolicies } from '../mcp/approval-policy';
import type { ToolCatalogue } from './tool-names';
import { BAD_ARGUMENTS_MESSAGE, parseArgs, SETTLED, TOOL_OFF_MESSAGE, UNKNOWN_TOOL_MESSAGE } from './tool-turn';

/**
 * The pure part of the tools loop in the chat tree (issue 16): what each call of a reply becomes,
 * which step of its turn a reply is, and where the next `tool` message goes. The state lives on
 * the stored messages, so a reload finds it there.
 */

/** The finish reason of a reply whose calls were not run: its turn reached the step limit (the UI explains it). */
export const TOOL_STEP_LIMIT_FINISH = 'tool-step-limit';

/** A call the loop has decided on: its state, and for a refused one what the model is told. */
export interface ResolvedCall {
  call: ToolCall;
  /** For a call refused at once: the `tool` message's text. */
  refusal?: string;
}

/** Whether a call has its final state (a `tool` message, or cancelled). */
export const isSettled = (call: ToolCall) => call.state !== undefined && SETTLED.includes(call.state);

/** Replies with tool calls from `reply` back to the user message that began the turn, `reply` included. */
export function stepOf(reply: Message, byId: ReadonlyMap<string, Message>): number {
  let step = 0;
  for (let message: Message | undefined = reply; message && message.role !== 'user'; message = byId.get(message.parentId ?? '')) {
    if (message.role === 'assistant' && (message.toolCalls?.length ?? 0) > 0) step += 1;
  }
  return step;
}

/** Each call of a reply that just ended: refused, pending (ask), or running (on); every one with an id. */
export function resolveCalls(
  reply: Message,
  catalogue: ToolCatalogue,
  policies: ToolPolicies,
  overLimit: boolean,
  /** Servers whose calls run without asking while the user set no policy (BuiltInServer's `consented`). */
  consented: (serverId: string) => boolean = () => false,
): ResolvedCall[] {
  return (reply.toolCalls ?? []).map((toolCall) => {
    const target = catalogue.resolve(toolCall.name);
    const base: ToolCall = { ...toolCall, id: toolCall.id ?? `call_${reply.id}_${toolCall.index}`, ...(target && { serverId: target.serverId, tool: target.tool }) };
    if (overLimit) return { call: { ...base, state: 'refused' } };
    if (!target) return { call: { ...base, state: 'refused' }, refusal: UNKNOWN_TOOL_MESSAGE };
    if (!parseArgs(toolCall.arguments)) return { call: { ...base, state: 'refused' }, refusal: BAD_ARGUMENTS_MESSAGE };
    const policy = consented(target.serverId) && policies[target.serverId]?.[target.tool] === undefined ? 'on' : policyFor(policies, target, catalogue.toolOf(target));
    if (policy === 'off') return { call: { ...base, state: 'refused' }, refusal: TOOL_OFF_MESSAGE };
    return { call: { ...base, state: policy === 'on' ? 'running' : 'pending' } };
  });
}

/** The last `tool` message answering `reply`'s calls (the next one goes under it), or `reply` itself. */
export function chainTail(reply: Message, messages: readonly Message[]): Message {
  const ids = new Set((reply.toolCalls ?? []).map((call) => call.id));
  let tail = reply;
  for (;;) {
    const next = messages.find((m) => m.parentId === tail.id && m.role === 'tool' && ids.has(m.toolCallId));
    if (!next) return tail;
    tail = next;
  }
}
