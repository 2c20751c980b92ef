// A reply's citations as Markdown footnotes for the export (issue 37): a mark where each cited span ends, a definition per source.
import { citationsOf, domainOf, numberSources } from '../shapes/citations';
import type { Message } from '../types';

/** A quote longer than this is left out of its definition: the link is what matters, the file stays readable. */
export const FOOTNOTE_QUOTE_CHARS = 160;

/**
 * Markdown's punctuation that could start a construct inside link text: brackets and parentheses
 * (end the link early), emphasis, code, HTML and entities, strike-through and tables. Backslashed, it is only text.
 */
const MARKDOWN_PUNCTUATION = /[\\`*_[\]()<>&~|!#]/g;

/** Text (already plain: cleanCitations leaves no line breaks or hidden characters) that reads as itself in Markdown. */
export const markdownText = (text: string): string => text.replace(MARKDOWN_PUNCTUATION, '\\$&');

/** A link's destination that no parenthesis or space can end early (the cleaned URL has no spaces, `<` or `>` left). */
const destination = (url: string): string => url.replace(/\(/g, '%28').replace(/\)/g, '%29');

/** `[text](url)`, possibly in parentheses, as the Responses API writes the span it annotates. */
const LINK_SPAN = /^\s*\(?\[[^\]\n]*\]\(([^()\s]+)\)\)?\s*$/;

/** The span is a Markdown link to the cited page itself: the footnote mark can stand in for it. */
function linksTo(span: string, url: string): boolean {
  const target = LINK_SPAN.exec(span)?.[1];
  if (!target) return false;
  try {
    return new URL(target).href === url;
  } catch {
    return false;
  }
}

export interface Footnotes {
  /** The content with a mark `[^label]` at the end of each cited span. */
  text: string;
  /** One `[^label]: [Title](url)` line per source, in the sources' order (empty without citations). */
  definitions: string[];
}

/**
 * The message's content with its (cleaned) citations as footnotes labelled `{prefix}-{n}`, where
 * `n` is the source's number as the page shows it (numberSources): the prefix keeps two messages'
 * footnotes of one file apart. A citation without a span only gets its definition.
 */
export function footnotes(message: Pick<Message, 'content' | 'citations'>, prefix: string): Footnotes {
  const citations = citationsOf(message);
  if (citations.length === 0) return { text: message.content, definitions: [] };
  const { sources, numbers } = numberSources(citations);
  const label = (n: number) => `[^${prefix}-${n}]`;
  // Each span's end gets its mark; spans (which never overlap) are applied from the last, so earlier offsets still hold.
  const spans = citations
    .map((citation, i) => ({ start: citation.start, end: citation.end, url: citation.url, number: numbers[i]! }))
    .filter((span): span is { start: number; end: number; url: string; number: number } => span.start !== undefined && span.end !== undefined)
    .sort((a, b) => b.end - a.end || b.start - a.start);
  let text = message.content;
  spans.forEach((span, i) => {
    const mark = label(span.number);
    if (!linksTo(text.slice(span.start, span.end), span.url)) {
      text = `${text.slice(0, span.end)}${mark}${text.slice(span.end)}`;
      return;
    }
    // The link becomes the mark, with the brackets around it (`([site](url))`, the Responses API
    // annotates the link alone), and the spaces before it go (never into the span cited before it), so the mark sits on the word.
    const floor = spans[i + 1]?.end ?? 0;
    const wrapped = span.start > floor && text[span.start - 1] === '(' && text[span.end] === ')';
    let start = wrapped ? span.start - 1 : span.start;
    const end = wrapped ? span.end + 1 : span.end;
    while (start > floor && (text[start - 1] === ' ' || text[start - 1] === '\t')) start -= 1;
    text = `${text.slice(0, start)}${mark}${text.slice(end)}`;
  });
  const definitions = sources.map((source) => {
    const link = `[${markdownText(source.title ?? domainOf(source.url))}](${destination(source.url)})`;
    const quote = source.citedText && source.citedText.length <= FOOTNOTE_QUOTE_CHARS ? ` “${markdownText(source.citedText)}”` : '';
    return `${label(source.number)}: ${link}${quote}`;
  });
  return { text, definitions };
}
