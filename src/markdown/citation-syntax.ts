// Where a reply cites a source (issue 37): the page puts a mark into the text it renders (never into
// the stored reply), `\uE000` + the citation's index + `\uE001`, and the lexer reads it as one
// token the page's citation slot fills. Private-use characters: no model or import can mean them
// as text, and the page strips any that arrive before it adds its own.
import type { TokenizerExtension } from 'marked';

export const CITATION_OPEN = '\uE000';
export const CITATION_CLOSE = '\uE001';
const MARK = /^\uE000(\d{1,4})\uE001/;

export interface CitationMarkToken {
  type: 'citationMark';
  raw: string;
  /** The citation's place in the list the page gave its slot. */
  index: number;
}

export const citationMark = (index: number): string => `${CITATION_OPEN}${index}${CITATION_CLOSE}`;

export const citationExtensions: TokenizerExtension[] = [
  {
    name: 'citationMark',
    level: 'inline',
    start(src: string) {
      const at = src.indexOf(CITATION_OPEN);
      return at === -1 ? undefined : at;
    },
    tokenizer(src: string): CitationMarkToken | undefined {
      const match = MARK.exec(src);
      return match ? { type: 'citationMark', raw: match[0], index: Number(match[1]) } : undefined;
    },
  },
] as unknown as TokenizerExtension[];
