// Where a reply's citations show in its text (issue 37): a mark (markdown/citation-syntax.ts) at the
// end of each cited span, or in the span's place when the span is only a link to the source or a
// `[n]`, as providers and search tools write them. Only the rendered text changes, never the reply.
import { CITATION_CLOSE, CITATION_OPEN, citationMark } from '../../../markdown';
import type { Citation } from '../../../chat';
import { codeRanges, insideRanges, numberSources, type NumberedSource } from '../../../chat/shapes/citations';

/** A chip's data: its source's number and the source, by the mark's index. */
export interface CitationMarkData {
  number: number;
  source: NumberedSource;
}

export interface MarkedText {
  text: string;
  marks: readonly CitationMarkData[];
  sources: readonly NumberedSource[];
}

/** A span that is nothing but the citation itself: `[n]`, a link (`[site](url)`), or one in brackets (`([site](url))`). */
const STANDS_FOR_CITATION = /^\s*(?:\[\d{1,3}\]|\(?\s*\[[^\]\n]{0,200}\]\([^)\s]{1,2048}\)\s*\)?)\s*$/;

/** A place after `at` outside a link's destination `](…)` on the same line: a mark there would break the link. */
function outsideLinkDestination(text: string, at: number): number {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const open = text.lastIndexOf('](', at - 1);
  if (open < lineStart) return at;
  const close = text.indexOf(')', open);
  return close !== -1 && close >= at ? close + 1 : at;
}

/**
 * The text with its marks, each mark's data, and the numbered sources. Private-use mark
 * characters already in the text become U+FFFD (same length, so spans still fit): a reply cannot
 * forge a mark.
 */
export function markCitations(content: string, citations: readonly Citation[]): MarkedText {
  const safe = content.includes(CITATION_OPEN) || content.includes(CITATION_CLOSE) ? content.replace(/[\uE000\uE001]/g, '\uFFFD') : content;
  const { sources, numbers } = numberSources(citations);
  const code = codeRanges(safe);
  const marks: CitationMarkData[] = [];
  const edits: { from: number; to: number; index: number }[] = [];
  citations.forEach((citation, i) => {
    if (citation.start === undefined || citation.end === undefined) return;
    const index = marks.length;
    marks.push({ number: numbers[i]!, source: sources[numbers[i]! - 1]! });
    const span = safe.slice(citation.start, citation.end);
    if (STANDS_FOR_CITATION.test(span) && !insideRanges(code, citation.start) && !insideRanges(code, citation.end)) {
      // `([site](url))`: the brackets around the link go with it, or the chip would sit in them.
      const wrapped = safe[citation.start - 1] === '(' && safe[citation.end] === ')';
      edits.push({ from: wrapped ? citation.start - 1 : citation.start, to: wrapped ? citation.end + 1 : citation.end, index });
      return;
    }
    // At the span's end; past the code or link destination it would otherwise fall into.
    const inCode = insideRanges(code, citation.end);
    // After a fenced block's closing line, not on it: a fence line with more on it no longer closes.
    const past = inCode ? (/^ {0,3}(?:`{3}|~{3})/.test(safe.slice(inCode[0], inCode[0] + 6)) ? Math.min(safe.length, inCode[1] + 1) : inCode[1]) : citation.end;
    const at = outsideLinkDestination(safe, past);
    edits.push({ from: at, to: at, index });
  });
  edits.sort((a, b) => a.from - b.from || a.index - b.index);
  let text = '';
  let from = 0;
  for (const edit of edits) {
    // A replaced span that an earlier insertion point fell inside: the mark goes at its start instead.
    const start = Math.max(edit.from, from);
    text += safe.slice(from, start) + citationMark(edit.index);
    from = Math.max(start, edit.to);
  }
  text += safe.slice(from);
  return { text, marks, sources };
}
