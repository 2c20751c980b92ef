// @vitest-environment node
// The plain-paragraph shortcut must give exactly marked's tokens, or decline.
import { describe, expect, it } from 'vitest';
import type { Links } from 'marked';
import { lexBlock, lexMarkdown } from '../../src/markdown/lex-block';
import { closeStreamingTail } from '../../src/markdown/close-streaming-tail';
import { plainParagraph } from '../../src/markdown/plain-paragraph';
import { REPLY_CORPUS } from './reply-corpus';
import { seededRandom } from './seeded-random';

const NO_LINKS: Links = {};
const LINKS: Links = { docs: { href: 'https://example.com', title: '' } };

/** The shortcut's answer next to marked's, for the same tidied source. */
function both(source: string, streaming: boolean, links: Links = NO_LINKS) {
  const tidied = streaming ? closeStreamingTail(source) : source;
  return { fast: plainParagraph(tidied, links), marked: lexMarkdown(tidied, streaming, links) };
}

function expectSameAsMarked(source: string, streaming: boolean, links: Links = NO_LINKS) {
  const { fast, marked } = both(source, streaming, links);
  if (!fast) return false;
  expect([...fast], JSON.stringify(source)).toEqual([...marked]);
  expect(fast.links).toEqual(marked.links);
  return true;
}

describe('plain paragraphs are recognised without marked', () => {
  it.each([
    ['one line', 'Just some prose, nothing more.'],
    ['a line end', 'Just some prose.\n'],
    ['a blank line after it', 'Just some prose.\n\n'],
    ['several blank lines', 'Just some prose.\n\n\n'],
    ['led by a space (a token stream often is)', ' word1 word2.\n\n'],
    ['led by three spaces', '   Indented, but not code.\n'],
    ['two lines', 'First line\nsecond line\n\n'],
    ['digits, quotes and brackets', "In 2024 (or so) \"it\" cost 3.50 - about 10% more; 'fine'?"],
    ['other scripts', 'Grüße, 東京 and Привет.\n\n'],
  ])('%s', (_, source) => {
    for (const streaming of [false, true]) {
      expect(expectSameAsMarked(source, streaming), `streaming: ${streaming}`).toBe(true);
      expect(expectSameAsMarked(source, streaming, LINKS)).toBe(true);
    }
  });

  it.each([
    ['emphasis', 'Some **bold** text'],
    ['code', 'Call `fn` now'],
    ['a link', 'See [docs](https://x.y)'],
    ['a bare URL', 'See https://example.com now'],
    ['a www autolink', 'See WWW.example.com now'],
    ['an e-mail autolink', 'Write to me@example.com'],
    ['an entity', 'Fish &amp; chips'],
    ['HTML', 'A <b>tag</b>'],
    ['math', 'Costs $5 and $6'],
    ['a backslash', 'A \\* star'],
    ['a hard break', 'Line one  \nline two'],
    ['a trailing space before a line end', 'Line one \nline two'],
    ['a trailing space at the end', 'Almost done '],
    ['a bullet list', '- item'],
    ['an ordered list', '1. item'],
    ['an ordered list with a parenthesis', '12) item'],
    ['a list on a later line', 'Intro\n2. item'],
    ['a heading', '# Title'],
    ['a setext underline', 'Title\n==='],
    ['a dash underline', 'Title\n---'],
    ['a quote', '> quoted'],
    ['indented code', '    code'],
    ['a tab', 'a\tb'],
    ['a table', 'a | b\n--|--'],
    ['two paragraphs', 'one\n\ntwo'],
    ['leading blank lines', '\n\nText'],
    ['a CR', 'one\r\ntwo'],
    ['only newlines', '\n\n'],
    ['empty', ''],
    ['an emoji first (not known to start nothing)', '🙂 Great'],
  ])('declines %s', (_, source) => {
    expect(plainParagraph(source, NO_LINKS)).toBeNull();
  });

  it('gives marked’s tokens for thousands of generated blocks, plain and almost plain', () => {
    const random = seededRandom(7);
    const pick = <T,>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const words = ['word', 'The', 'end', '2024', '3', 'x', 'Grüße', '東京', '(see', 'it)', '"quoted"', "it's", 'a.b', 'ok.', '-', '1.', '12)', 'www', 'http', ':', '::'];
    const syntax = ['*', '_', '`', '[', ']', '!', '<', '>', '&', '$', '|', '#', '=', '+', '@', '~', '\\', '\t', '://', 'www.', '  ', 'http://a.io', 'https://b.io/c', 'www.d.io', 'me@e.io', '&amp;', '&#169;'];
    let accepted = 0;
    for (let i = 0; i < 4000; i += 1) {
      const lines: string[] = [];
      const lineCount = 1 + Math.floor(random() * 3);
      for (let l = 0; l < lineCount; l += 1) {
        let line = ' '.repeat(random() < 0.2 ? Math.floor(random() * 6) : 0);
        const count = 1 + Math.floor(random() * 8);
        for (let w = 0; w < count; w += 1) line += (w > 0 ? ' ' : '') + (random() < 0.08 ? pick(syntax) : pick(words));
        if (random() < 0.05) line += ' ';
        lines.push(random() < 0.05 ? '' : line);
      }
      const source = lines.join('\n') + '\n'.repeat(Math.floor(random() * 4));
      for (const streaming of [false, true]) if (expectSameAsMarked(source, streaming, random() < 0.3 ? LINKS : NO_LINKS)) accepted += 1;
    }
    // About a quarter of the generated blocks are plain: the comparison above must have run on many.
    expect(accepted).toBeGreaterThan(1500);
  });

  it('changes nothing in how the corpus lexes, block by block', () => {
    for (const reply of Object.values(REPLY_CORPUS)) {
      for (const block of reply.split(/(?<=\n\n)/)) {
        for (const streaming of [false, true]) {
          const tidied = streaming ? closeStreamingTail(block) : block;
          expect([...lexBlock(block, streaming)]).toEqual([...lexMarkdown(tidied, streaming)]);
        }
      }
    }
  });
});
