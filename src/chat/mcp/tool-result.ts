import type { ToolResult, ToolResultPart } from './tool-types';

/**
 * An MCP tools/call result as plain data: text and pictures kept (as strings, never markup), other
 * kinds counted. Written against the wire shape, not the SDK's types, so it needs no SDK to load.
 */

interface WireResult {
  content?: unknown;
  isError?: unknown;
  /** Servers on the 2024-10-07 protocol answered `{ toolResult }` instead of content parts. */
  toolResult?: unknown;
}

function partOf(item: unknown): ToolResultPart | undefined {
  if (!item || typeof item !== 'object') return undefined;
  const part = item as Record<string, unknown>;
  if (part.type === 'text' && typeof part.text === 'string') return { type: 'text', text: part.text };
  if (part.type === 'image' && typeof part.data === 'string' && typeof part.mimeType === 'string') {
    return { type: 'image', data: part.data, mimeType: part.mimeType };
  }
  // An embedded text resource reads like text; a link is given as its address, as text.
  if (part.type === 'resource' && part.resource && typeof (part.resource as { text?: unknown }).text === 'string') {
    return { type: 'text', text: (part.resource as { text: string }).text };
  }
  if (part.type === 'resource_link' && typeof part.uri === 'string') return { type: 'text', text: part.uri };
  return undefined;
}

export function resultFromMcp(result: WireResult): ToolResult {
  if (!Array.isArray(result.content)) {
    const legacy = result.toolResult;
    const text = legacy === undefined ? '' : typeof legacy === 'string' ? legacy : JSON.stringify(legacy);
    return { parts: text ? [{ type: 'text', text }] : [], isError: result.isError === true, skipped: 0 };
  }
  const parts: ToolResultPart[] = [];
  let skipped = 0;
  for (const item of result.content) {
    const part = partOf(item);
    if (part) parts.push(part);
    else skipped += 1;
  }
  return { parts, isError: result.isError === true, skipped };
}

/** The result as the text a model gets in a `tool` message (pictures go separately, as attachments). */
export function resultText(result: ToolResult): string {
  return result.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');
}
