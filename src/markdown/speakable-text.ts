// A reply as it is spoken (issue 39's read aloud): the same lexer as what is shown (lex-block.ts,
// with math, footnotes and citation marks), each block turned into sentences a voice reads well:
// no markdown syntax, links as their text, inline code read plainly, a code block, a formula or a
// diagram announced rather than spelled out, a list's items as sentences, a table summarised by
// its size and headers (read row by row, a table of numbers is a minute of noise, and the screen
// shows it), citation and footnote marks dropped. Loaded with import() by read aloud, not with the page.
import type { Token, Tokens } from 'marked';
import { decodeEntities } from './entities';
import { lexMarkdown } from './lex-block';
import { closeStreamingTail } from './close-streaming-tail';

/** The words announcements are made of; English by default, the page passes its language's. */
export interface SpeakableWords {
  codeBlock(language: string | undefined, lines: number): string;
  table(columns: number, rows: number, headers: readonly string[]): string;
  formula(): string;
  diagram(): string;
  image(alt: string): string;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export const ENGLISH_WORDS: SpeakableWords = {
  codeBlock: (language, lines) => `Code block${language ? ` in ${language}` : ''}, ${plural(lines, 'line', 'lines')}.`,
  table: (columns, rows, headers) => `A table with ${plural(columns, 'column', 'columns')} and ${plural(rows, 'row', 'rows')}${headers.length ? `: ${headers.join(', ')}` : ''}.`,
  formula: () => 'A formula.',
  diagram: () => 'A diagram.',
  image: (alt) => (alt ? `Image: ${alt}.` : ''),
};

/** A fence's language as a person says it: `py` → Python. */
const LANGUAGE_NAMES: Record<string, string> = {
  py: 'Python', python: 'Python', js: 'JavaScript', javascript: 'JavaScript', jsx: 'JavaScript', ts: 'TypeScript', typescript: 'TypeScript', tsx: 'TypeScript',
  sh: 'shell', bash: 'shell', zsh: 'shell', shell: 'shell', console: 'shell', html: 'HTML', css: 'CSS', json: 'JSON', yaml: 'YAML', yml: 'YAML', sql: 'SQL',
  rs: 'Rust', rust: 'Rust', go: 'Go', java: 'Java', c: 'C', cpp: 'C++', 'c++': 'C++', cs: 'C#', csharp: 'C#', rb: 'Ruby', ruby: 'Ruby', php: 'PHP',
  kt: 'Kotlin', kotlin: 'Kotlin', swift: 'Swift', md: 'Markdown', markdown: 'Markdown', xml: 'XML', r: 'R', lua: 'Lua', tex: 'LaTeX', latex: 'LaTeX',
};

export const languageName = (info: string | undefined): string | undefined => {
  const id = info?.trim().split(/\s+/)[0]?.toLowerCase();
  if (!id || id === 'text' || id === 'plaintext' || id === 'txt') return undefined;
  return LANGUAGE_NAMES[id] ?? id;
};

/** Inline TeX short and plain enough to read as it is (`x`, `n + 1`); anything else is "a formula". */
const READABLE_TEX = /^[\w\s+\-=<>.,()]{1,24}$/;

type AnyToken = Token | { type: string; raw: string; text?: string; tokens?: Token[]; display?: boolean };

function inline(tokens: readonly AnyToken[] | undefined, words: SpeakableWords): string {
  let out = '';
  for (const token of tokens ?? []) {
    switch (token.type) {
      case 'text':
      case 'strong':
      case 'em':
      case 'del':
      case 'link':
        out += 'tokens' in token && token.tokens ? inline(token.tokens, words) : decodeEntities(token.text ?? '');
        break;
      case 'codespan':
      case 'escape':
        out += decodeEntities(token.text ?? '');
        break;
      case 'br':
        out += ' ';
        break;
      case 'image':
        out += ` ${words.image((token as Tokens.Image).text ?? '')} `;
        break;
      case 'math': {
        const tex = token.text ?? '';
        out += !token.display && READABLE_TEX.test(tex) ? tex : ` ${words.formula().replace(/\.$/, '').toLowerCase()} `;
        break;
      }
      case 'html':
        out += decodeEntities((token.text ?? '').replace(/<[^>]*>/g, ''));
        break;
      // Citation and footnote marks, marked's own strays: nothing to say.
      default:
        break;
    }
  }
  return out;
}

/** Ends a sentence that has no closing mark (a heading, a list item), so it is read as one. */
const sentence = (text: string): string => {
  const clean = text.replace(/\s+/g, ' ').replace(/ ([.,!?;:])/g, '$1').trim();
  if (!clean) return '';
  return /[.!?…:;]["'”’)\]]*$/.test(clean) ? clean : `${clean}.`;
};

function block(token: AnyToken, words: SpeakableWords): string[] {
  switch (token.type) {
    case 'heading':
      return [sentence(inline(token.tokens, words))];
    case 'paragraph':
    case 'text':
      return [sentence(token.tokens ? inline(token.tokens, words) : decodeEntities(token.text ?? ''))];
    case 'code': {
      const code = token as Tokens.Code;
      if (code.lang?.trim().toLowerCase() === 'mermaid') return [words.diagram()];
      const lines = code.text.split('\n').length;
      return [words.codeBlock(languageName(code.lang), code.text === '' ? 0 : lines)];
    }
    case 'blockquote':
      return blocks((token as Tokens.Blockquote).tokens, words);
    case 'list':
      return (token as Tokens.List).items.flatMap((item) => blocks(item.tokens, words));
    case 'table': {
      const table = token as Tokens.Table;
      const headers = table.header.map((cell) => inline(cell.tokens, words).trim()).filter(Boolean);
      return [words.table(table.header.length, table.rows.length, headers)];
    }
    case 'math':
      return [words.formula()];
    case 'html':
      return [sentence(decodeEntities((token.text ?? '').replace(/<[^>]*>/g, ' ')))];
    case 'plainText':
      return [sentence(token.text ?? '')];
    // space, hr, def, footnote definitions: not read.
    default:
      return [];
  }
}

function blocks(tokens: readonly AnyToken[], words: SpeakableWords): string[] {
  return tokens.flatMap((token) => block(token, words)).filter((text) => text !== '');
}

/** One top-level block of a reply as spoken; `raw` is its markdown, so a stream can tell where it ends. */
export interface SpeakableBlock {
  raw: string;
  /** Its sentences' text (a list: one per item). */
  sentences: string[];
  type: string;
}

/** The reply's top-level blocks as spoken; `streaming`: its last line may be unfinished (tidied as the page does). */
export function speakableBlocks(markdown: string, { streaming = false, words = ENGLISH_WORDS }: { streaming?: boolean; words?: SpeakableWords } = {}): SpeakableBlock[] {
  let tokens: Token[];
  try {
    tokens = lexMarkdown(streaming ? closeStreamingTail(markdown) : markdown, streaming);
  } catch {
    return markdown.trim() ? [{ raw: markdown, sentences: [sentence(markdown)], type: 'plainText' }] : [];
  }
  return tokens.filter((token) => token.type !== 'space').map((token) => ({ raw: token.raw, sentences: block(token, words), type: token.type }));
}

/** A whole reply as the text a voice reads: one line per block, each ending a sentence. */
export function speakableText(markdown: string, words: SpeakableWords = ENGLISH_WORDS): string {
  return speakableBlocks(markdown, { words })
    .flatMap((b) => b.sentences)
    .join('\n');
}
