import type { ChatDelta } from '../model';

/**
 * The tool calls of one chunk's delta as `tool-call` pieces. OpenAI streams each call in pieces
 * keyed by `index` (id and name first, then the arguments a few characters at a time); some
 * servers send a whole call at once, omit the index, write the arguments as an object, or use the
 * older single `function_call`.
 */

export type ToolCallPiece = Extract<ChatDelta, { type: 'tool-call' }>;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const nonEmpty = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** Arguments are JSON text; a server that sends the object itself gets it written out. */
function argumentsText(value: unknown): string | undefined {
  if (typeof value === 'string') return value === '' ? undefined : value;
  return isObject(value) || Array.isArray(value) ? JSON.stringify(value) : undefined;
}

function piece(index: number, call: Json): ToolCallPiece | undefined {
  const fn = isObject(call.function) ? call.function : call;
  const result: ToolCallPiece = { type: 'tool-call', index };
  const id = nonEmpty(call.id);
  const name = nonEmpty(fn.name);
  const args = argumentsText(fn.arguments);
  if (id !== undefined) result.id = id;
  if (name !== undefined) result.name = name;
  if (args !== undefined) result.arguments = args;
  return id ?? name ?? args ? result : undefined;
}

export function toolCallPieces(delta: Json): ToolCallPiece[] {
  const pieces: ToolCallPiece[] = [];
  if (Array.isArray(delta.tool_calls)) {
    delta.tool_calls.forEach((call, position) => {
      if (!isObject(call)) return;
      const index = typeof call.index === 'number' && Number.isInteger(call.index) && call.index >= 0 ? call.index : position;
      const found = piece(index, call);
      if (found) pieces.push(found);
    });
  } else if (isObject(delta.function_call)) {
    const found = piece(0, delta.function_call);
    if (found) pieces.push(found);
  }
  return pieces;
}
