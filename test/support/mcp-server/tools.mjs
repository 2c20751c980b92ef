// The test server's three tools: one that echoes, one that fails, one that returns a picture.
import { setTimeout as sleep } from 'node:timers/promises';

/** A 1×1 red PNG: the smallest real picture a client can decode. */
export const PICTURE_PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
export const FAIL_MESSAGE = 'The tool failed on purpose.';

export const TOOLS = [
  {
    name: 'echo',
    description: 'Returns the text it is given.',
    inputSchema: { type: 'object', properties: { text: { type: 'string', description: 'What to echo' } }, required: ['text'] },
  },
  {
    name: 'fail',
    description: 'Always fails, with an error result.',
    inputSchema: { type: 'object', properties: {} },
  },
  {
    name: 'picture',
    description: 'Returns a tiny PNG picture.',
    inputSchema: { type: 'object', properties: {} },
  },
];

/** A tools/call result; waits `delayMs` first (abortable, so a cancelled call never completes). */
export async function runTool(name, args, { delayMs = 0, signal } = {}) {
  if (delayMs > 0) await sleep(delayMs, undefined, { signal });
  switch (name) {
    case 'echo':
      return { content: [{ type: 'text', text: String(args.text ?? '') }] };
    case 'fail':
      return { content: [{ type: 'text', text: FAIL_MESSAGE }], isError: true };
    case 'picture':
      return { content: [{ type: 'image', data: PICTURE_PNG_BASE64, mimeType: 'image/png' }, { type: 'text', text: 'A red dot.' }] };
    default:
      return { content: [{ type: 'text', text: `Unknown tool: ${name}` }], isError: true };
  }
}
