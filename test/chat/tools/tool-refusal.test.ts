// Telling a server that refuses tools from other failures, by the words real servers use (issue 16).
import { describe, expect, it } from 'vitest';
import { refusesTools } from '../../../src/chat/tools/tool-refusal';
import { pictureSize } from '../../../src/chat/tools/tool-pictures';
import { PICTURE_PNG_BASE64 } from '../../support/mcp-server/index.mjs';

describe('refusesTools', () => {
  it.each([
    [400, 'registry.ollama.ai/library/gemma:2b does not support tools'],
    [500, 'tools param requires --jinja flag'],
    [400, '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set'],
    [404, 'No endpoints found that support tool use. To learn more about provider routing, visit: https://openrouter.ai/docs'],
    [400, 'Unrecognized request argument supplied: tools'],
    [undefined, 'tools is not supported with this model'],
  ])('recognises %s %s', (status, message) => {
    expect(refusesTools(status, message)).toBe(true);
  });

  it('leaves other failures alone', () => {
    expect(refusesTools(400, 'This model\'s maximum context length is 4096 tokens')).toBe(false);
    expect(refusesTools(401, 'Invalid API key')).toBe(false);
    expect(refusesTools(200, 'does not support tools')).toBe(false);
    expect(refusesTools(400, undefined)).toBe(false);
  });
});

describe('pictureSize', () => {
  it('reads a PNG\'s and a GIF\'s size from the header, and gives 0×0 for anything else', () => {
    expect(pictureSize(Uint8Array.from(atob(PICTURE_PNG_BASE64), (c) => c.charCodeAt(0)))).toEqual({ width: 1, height: 1 });
    const gif = Uint8Array.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x20, 0x01, 0x10, 0x00]);
    expect(pictureSize(gif)).toEqual({ width: 288, height: 16 });
    expect(pictureSize(Uint8Array.from([0xff, 0xd8, 0xff]))).toEqual({ width: 0, height: 0 });
  });
});
