import { describe, expect, it } from 'vitest';
import { shiftHeadings } from '../../../src/chat/backup/shift-headings';

describe('shiftHeadings: a message’s headings below its turn’s', () => {
  it.each([
    ['an ATX heading', '# Plan\n\nText', '### Plan\n\nText'],
    ['every level, capped at the sixth', '# a\n## b\n### c\n#### d\n##### e\n###### f', '### a\n#### b\n##### c\n###### d\n###### e\n###### f'],
    ['an indented heading and a closing sequence', '  ## Steps ##', '  #### Steps ##'],
    ['an empty heading', '#', '###'],
    ['a setext heading of level 1', 'Title\n=====\n\nBody', '### Title\n\nBody'],
    ['a setext heading of level 2 over two lines', 'Long\ntitle\n---', '#### Long title'],
    ['a thematic break after a blank line', 'Text\n\n---\n\nMore', 'Text\n\n---\n\nMore'],
    ['a hash tag, not a heading', '#hashtag and #1', '#hashtag and #1'],
    ['headings inside a fenced block', '```md\n# not moved\n```\n# moved', '```md\n# not moved\n```\n### moved'],
    ['a tilde fence and a longer closing fence', '~~~\n# kept\n~~~~\n## after', '~~~\n# kept\n~~~~\n#### after'],
    ['a shell comment in an indented code block', '    # comment', '    # comment'],
    ['a list item followed by a dash line', '- item\n---', '- item\n---'],
  ])('%s', (_what, text, shifted) => {
    expect(shiftHeadings(text, 2)).toBe(shifted);
  });
});
