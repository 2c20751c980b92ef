import { describe, expect, it } from 'vitest';
import { fixRequestText } from '../../../../src/pages/chat/artifact/ask-to-fix';

describe('fixRequestText', () => {
  it('names the block and the line, and quotes the error in a fence', () => {
    expect(fixRequestText({ message: 'Uncaught Error: boom', line: 4 }, 'html')).toBe(
      'The preview of the HTML block fails at line 4 with this error:\n\n```\nUncaught Error: boom\n```\n\nPlease fix it and send the whole corrected block.',
    );
    expect(fixRequestText({ message: 'x', line: null }, 'svg')).toMatch(/^The preview of the SVG block fails with this error:/);
  });

  it('fences an error holding backticks with a longer fence, so the error cannot close it', () => {
    const text = fixRequestText({ message: 'Unexpected ````` here', line: 1 }, 'html');
    expect(text).toContain('\n``````\nUnexpected ````` here\n``````\n');
  });
});
