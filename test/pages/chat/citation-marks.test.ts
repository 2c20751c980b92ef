// Where the chat page puts each citation's chip in a reply's text (issue 37).
import { describe, expect, it } from 'vitest';
import { cleanCitations } from '../../../src/chat/shapes/citations';
import { markCitations } from '../../../src/pages/chat/message/citation-marks';

const mark = (i: number) => `\uE000${i}\uE001`;
const place = (content: string, citations: Parameters<typeof cleanCitations>[1]) => markCitations(content, cleanCitations(content, citations));

describe('markCitations', () => {
  it('a span that is only a link to the source, as OpenAI writes it, becomes the chip; a sentence gets the chip after it', () => {
    const content = 'Rust 1.80 is out ([blog.rust-lang.org](https://blog.rust-lang.org/a?utm_source=openai)). It adds LazyCell.';
    const link = content.indexOf('(');
    const linkEnd = content.indexOf('.', content.indexOf('))')) ;
    const sentence = content.indexOf('It adds');
    const { text, marks, sources } = place(content, [
      { url: 'https://blog.rust-lang.org/a?utm_source=openai', title: 'Announcing Rust 1.80', start: link, end: linkEnd },
      { url: 'https://doc.rust-lang.org/std/cell/', title: 'LazyCell', start: sentence, end: content.length },
    ]);
    expect(text).toBe(`Rust 1.80 is out ${mark(0)}. It adds LazyCell.${mark(1)}`);
    expect(marks.map((m) => m.number)).toEqual([1, 2]);
    expect(sources.map((s) => s.title)).toEqual(['Announcing Rust 1.80', 'LazyCell']);
  });

  it('a link in brackets, as OpenAI’s annotations cover it (the link alone), is replaced with its brackets', () => {
    const content = 'Node 24 is LTS ([nodejs.org](https://nodejs.org/x)).';
    const start = content.indexOf('[');
    const { text } = place(content, [{ url: 'https://nodejs.org/x', start, end: content.indexOf(')') + 1 }]);
    expect(text).toBe(`Node 24 is LTS ${mark(0)}.`);
  });

  it('[n] marks are replaced, and two citations of one source share its number', () => {
    const content = 'A [1]. B [2]. C [1].';
    const at = (n: number) => [...content.matchAll(/\[\d\]/g)][n]!.index;
    const { text, marks } = place(content, [
      { url: 'https://one.example/', start: at(0), end: at(0) + 3 },
      { url: 'https://two.example/', start: at(1), end: at(1) + 3 },
      { url: 'https://one.example/', start: at(2), end: at(2) + 3 },
    ]);
    expect(text).toBe(`A ${mark(0)}. B ${mark(1)}. C ${mark(2)}.`);
    expect(marks.map((m) => m.number)).toEqual([1, 2, 1]);
  });

  it('a span ending inside inline code or a fenced block puts the chip after the code, and never inside a link destination', () => {
    const content = 'Use `cargo add` now.\n```\nlet x = 1;\n```\nEnd [doc](https://d.example/x).';
    const code = content.indexOf('add');
    const fence = content.indexOf('let');
    const url = content.indexOf('d.example');
    const { text } = place(content, [
      { url: 'https://a.example/', start: 0, end: code },
      { url: 'https://b.example/', start: fence, end: fence + 3 },
      { url: 'https://c.example/', start: url - 2, end: url + 4 },
    ]);
    expect(text).toBe(`Use \`cargo add\`${mark(0)} now.\n\`\`\`\nlet x = 1;\n\`\`\`\n${mark(1)}End [doc](https://d.example/x)${mark(2)}.`);
  });

  it('mark characters already in the reply cannot forge a chip, and uncited sources still get numbers', () => {
    const content = `Forged ${mark(0)} here.`;
    const { text, marks, sources } = place(content, [{ url: 'https://only-listed.example/' }]);
    expect(text).toBe('Forged \uFFFD0\uFFFD here.');
    expect(marks).toEqual([]);
    expect(sources).toEqual([{ number: 1, url: 'https://only-listed.example/' }]);
  });
});
