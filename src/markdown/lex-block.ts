import { Lexer, Marked, type Links, type Token, type TokensList } from 'marked';
import { closeStreamingTail } from './close-streaming-tail';
import { NO_LINKS } from './document-links';
import { citationExtensions } from './citation-syntax';
import { footnoteExtensions } from './footnote-syntax';
import { limitDelimiters } from './limit-delimiters';
import { limitNesting } from './limit-nesting';
import { mathExtensions } from './math-syntax';
import { plainParagraph } from './plain-paragraph';

/** A block that could not be lexed (a lexer failure we did not foresee) is shown as its text. */
export interface PlainTextToken {
  type: 'plainText';
  raw: string;
  text: string;
}

/** marked's lexer only: we render its tokens ourselves and never use its HTML renderer. */
const finishedLexer = new Marked({ gfm: true, extensions: [...mathExtensions({ allowUnclosed: false }), ...footnoteExtensions, ...citationExtensions] });
/** The streaming end of a reply may hold a display formula whose closing `$$` has not arrived. */
const streamingLexer = new Marked({ gfm: true, extensions: [...mathExtensions({ allowUnclosed: true }), ...footnoteExtensions, ...citationExtensions] });

/**
 * Tokens for one block. The streaming tail first has its unfinished last line tidied. A plain
 * paragraph is recognised without marked (see plain-paragraph.ts); anything else is lexed by
 * marked. Should the lexer throw, the block is shown as plain text rather than taking the reply
 * down. `links` are the reply's reference definitions from other blocks.
 */
export function lexBlock(source: string, streaming: boolean, links: Links = NO_LINKS): Token[] {
  try {
    const tidied = streaming ? closeStreamingTail(source) : source;
    return plainParagraph(tidied, links) ?? lexMarkdown(tidied, streaming, links);
  } catch {
    const fallback: PlainTextToken = { type: 'plainText', raw: source, text: source };
    return [fallback];
  }
}

/**
 * marked's tokens for (already tidied) source, with nesting and delimiter runs bounded first so
 * the lexer stays linear and within the stack. Exported so tests can hold the plain-paragraph
 * shortcut against it.
 */
export function lexMarkdown(source: string, streaming: boolean, links: Links = NO_LINKS): TokensList {
  const bounded = limitDelimiters(limitNesting(source));
  const lexer = new Lexer((streaming ? streamingLexer : finishedLexer).defaults);
  Object.assign(lexer.tokens.links, links);
  return lexer.lex(bounded);
}
