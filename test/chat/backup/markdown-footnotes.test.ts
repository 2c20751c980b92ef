// Issue 37: a reply's citations in the Markdown export, as footnotes that no title can break.
import { describe, expect, it } from 'vitest';
import { chatMarkdown, type MarkdownLabels } from '../../../src/chat/backup/chat-markdown';
import { footnotes, markdownText } from '../../../src/chat/backup/markdown-footnotes';
import type { Citation } from '../../../src/chat/types';
import { chat, message } from '../fixtures';

const labels: MarkdownLabels = {
  roles: { user: 'You', assistant: 'Assistant', system: 'System prompt', tool: 'Tool result' },
  reasoning: 'Reasoning',
  attachments: 'Files:',
  otherBranches: 'Other versions are left out.',
  status: {},
  turn: (role, time) => `${role} · ${time}`,
  file: (name) => name,
  compaction: () => 'compacted',
};

const cite = (content: string, citations: Citation[]) => footnotes({ content, citations }, 'm2');

describe('footnotes', () => {
  it('marks the end of each cited span with its source’s number, and defines each source once, quote included', () => {
    const content = 'Version 2 shipped. It is fast. Also cheap.';
    const { text, definitions } = cite(content, [
      { url: 'https://example.com/a', title: 'Release notes', citedText: 'Version 2 is out', start: 0, end: 18 },
      { url: 'https://example.org/b', title: 'Benchmarks', start: 19, end: 30 },
      // The same page again: the same number, one definition.
      { url: 'https://example.com/a', start: 31, end: 42 },
    ]);
    expect(text).toBe('Version 2 shipped.[^m2-1] It is fast.[^m2-2] Also cheap.[^m2-1]');
    expect(definitions).toEqual(['[^m2-1]: [Release notes](https://example.com/a) “Version 2 is out”', '[^m2-2]: [Benchmarks](https://example.org/b)']);
  });

  it('replaces a span that is itself a link to the cited page (the Responses API’s) with the mark', () => {
    const content = 'It shipped ([example.com](https://example.com/a?utm_source=openai)). Next.';
    const start = content.indexOf('(');
    const end = content.indexOf('). ') + 1;
    const { text } = cite(content, [{ url: 'https://example.com/a?utm_source=openai', start, end }]);
    expect(text).toBe('It shipped[^m2-1]. Next.');
    // A link elsewhere is kept, the mark after it.
    const other = cite(content, [{ url: 'https://other.example/', start, end }]);
    expect(other.text).toBe('It shipped ([example.com](https://example.com/a?utm_source=openai))[^m2-1]. Next.');
    // The span as the Responses API really gives it: the link alone, its brackets outside; they go with it.
    const bare = cite(content, [{ url: 'https://example.com/a?utm_source=openai', start: start + 1, end: end - 1 }]);
    expect(bare.text).toBe('It shipped[^m2-1]. Next.');
  });

  it('lists a source without a span, named by its domain when it has no title; a long quote is left out', () => {
    const { text, definitions } = cite('Hello.', [{ url: 'https://www.example.com/x', citedText: 'y'.repeat(400) }]);
    expect(text).toBe('Hello.');
    expect(definitions).toEqual(['[^m2-1]: [example.com](https://www.example.com/x)']);
  });

  it('drops what the cleaner drops: javascript: links, spans past the text', () => {
    const { text, definitions } = cite('Hi.', [
      { url: 'javascript:alert(1)', title: 'x', start: 0, end: 2 },
      { url: 'https://ok.example/', start: 0, end: 99 },
    ]);
    expect(text).toBe('Hi.');
    expect(definitions).toEqual(['[^m2-1]: [ok.example](https://ok.example/)']);
  });

  it('a hostile title or quote stays text: no link broken, no markup, no new line', () => {
    const title = 'Evil](javascript:alert(1)) <img src=x onerror=alert(1)> **bold** `code`\n[^m2-9]: [x](https://evil.example/)';
    const { definitions } = cite('A.', [{ url: 'https://ok.example/p(1)', title, citedText: '"]) <b>&amp;' }]);
    expect(definitions).toHaveLength(1);
    expect(definitions[0]).toBe(
      '[^m2-1]: [Evil\\]\\(javascript:alert\\(1\\)\\) \\<img src=x onerror=alert\\(1\\)\\> \\*\\*bold\\*\\* \\`code\\` \\[^m2-9\\]: \\[x\\]\\(https://evil.example/\\)](https://ok.example/p%281%29) “"\\]\\) \\<b\\>\\&amp;”',
    );
    // Every bracket, parenthesis and angle bracket of the title is escaped: the link ends where Parley ends it.
    const linkText = definitions[0]!.slice('[^m2-1]: ['.length, definitions[0]!.indexOf('](https://ok.example'));
    expect(linkText.replace(/\\./g, '')).not.toMatch(/[[\]()<>`*]/);
  });

  it('escapes Markdown punctuation as text', () => {
    expect(markdownText('a_b*c[d]e(f)g<h>i&j|k~l!m#n\\o`p')).toBe('a\\_b\\*c\\[d\\]e\\(f\\)g\\<h\\>i\\&j\\|k\\~l\\!m\\#n\\\\o\\`p');
  });
});

describe('chatMarkdown with citations', () => {
  it('numbers each reply’s footnotes apart, and puts the definitions after the reply', () => {
    const thread = [
      message('u1', null, 1, { role: 'user', content: 'One?' }),
      message('a1', 'u1', 2, { content: 'One.', citations: [{ url: 'https://a.example/', title: 'A', start: 0, end: 4 }] }),
      message('u2', 'a1', 3, { role: 'user', content: 'Two?' }),
      message('a2', 'u2', 4, { content: 'Two.', citations: [{ url: 'https://b.example/', title: 'B', start: 0, end: 4 }] }),
    ];
    const md = chatMarkdown(chat('c1', 4, { title: 'T', currentLeafId: 'a2' }), thread, labels, String);
    expect(md).toBe(
      '# T\n\n## You · 1\n\nOne?\n\n## Assistant · 2\n\nOne.[^m2-1]\n\n[^m2-1]: [A](https://a.example/)\n\n## You · 3\n\nTwo?\n\n## Assistant · 4\n\nTwo.[^m4-1]\n\n[^m4-1]: [B](https://b.example/)\n',
    );
  });
});
