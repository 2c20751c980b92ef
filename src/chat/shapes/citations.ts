// A reply's citations made safe to show and export (issue 37): whatever a provider, a search tool,
// an import or a restored backup put on a message, only what this returns reaches a page or a file.
import type { Citation, Message } from '../types';
import { plainCitationText } from './citation-text';

export { plainCitationText };

/** More than any reply cites; a stream of 10,000 is cut here, not shown. */
export const MAX_CITATIONS = 100;
export const MAX_TITLE_CHARS = 200;
export const MAX_CITED_TEXT_CHARS = 500;
const MAX_URL_CHARS = 2048;

/** The URL when it is an absolute `http:` or `https:` address, as the URL parser writes it; else undefined. */
export function webAddress(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > MAX_URL_CHARS) return undefined;
  try {
    const url = new URL(value.trim());
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return undefined;
    return url.href;
  } catch {
    return undefined;
  }
}

/** The site a link goes to, as the browser will resolve it (punycode for a look-alike name): the chip and the list show this. */
export const domainOf = (url: string): string => new URL(url).hostname.replace(/^www\./, '');

const isOffset = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/**
 * The message's citations, each with a web address, its title and quote as plain text, and a
 * span only where it lies inside `content`, is not empty and overlaps no span kept before it
 * (such a citation stays, listed under the reply, without a place in the text). At most
 * MAX_CITATIONS; anything that is not a citation is dropped.
 */
export function cleanCitations(content: string, citations: unknown): Citation[] {
  if (!Array.isArray(citations)) return [];
  const kept: Citation[] = [];
  const spans: [number, number][] = [];
  for (const raw of citations) {
    if (kept.length === MAX_CITATIONS) break;
    if (typeof raw !== 'object' || raw === null) continue;
    const value = raw as Record<string, unknown>;
    const url = webAddress(value.url);
    if (!url) continue;
    const citation: Citation = { url };
    const title = plainCitationText(value.title, MAX_TITLE_CHARS);
    if (title) citation.title = title;
    const citedText = plainCitationText(value.citedText, MAX_CITED_TEXT_CHARS);
    if (citedText) citation.citedText = citedText;
    const { start, end } = value;
    if (isOffset(start) && isOffset(end) && start < end && end <= content.length && !spans.some(([a, b]) => start < b && a < end)) {
      spans.push([start, end]);
      citation.start = start;
      citation.end = end;
    }
    kept.push(citation);
  }
  return kept;
}

/** A source as the Sources list shows it: numbered by first citation, one entry per address. */
export interface NumberedSource {
  number: number;
  url: string;
  title?: string;
  citedText?: string;
}

/**
 * The reply's sources in the order they are first cited, one per address (the first title and
 * quote given win), and each cleaned citation's number among them (`numbers[i]` is citation i's).
 */
export function numberSources(citations: readonly Citation[]): { sources: NumberedSource[]; numbers: number[] } {
  const byUrl = new Map<string, NumberedSource>();
  const numbers = citations.map((citation) => {
    let source = byUrl.get(citation.url);
    if (!source) {
      source = { number: byUrl.size + 1, url: citation.url, ...(citation.title && { title: citation.title }), ...(citation.citedText && { citedText: citation.citedText }) };
      byUrl.set(citation.url, source);
    }
    source.title ??= citation.title;
    source.citedText ??= citation.citedText;
    return source.number;
  });
  return { sources: [...byUrl.values()], numbers };
}

/** A message's citations, cleaned against its own content (the page, the export and the sync all read them so). */
export const citationsOf = (message: Pick<Message, 'content' | 'citations'>): Citation[] => cleanCitations(message.content, message.citations);

/** `[n]` as a reply cites a search tool's numbered results: one number in brackets, not a link's text (`[1](…)`) or a note (`[^1]`). */
const NUMBER_MARK = /\[(\d{1,3})\](?![(:])/g;

/**
 * Stretches of `text` that are code (fenced blocks, and inline code on a line): a `[1]` there is
 * code, not a citation, and a mark placed there would show as characters.
 */
export function codeRanges(text: string): [number, number][] {
  const ranges: [number, number][] = [];
  let fence: { char: string; length: number; from: number } | undefined;
  let at = 0;
  for (const line of text.split('\n')) {
    const lineEnd = at + line.length;
    const opener = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (opener && opener[1]![0] === fence.char && opener[1]!.length >= fence.length && line.trim() === opener[1]) {
        ranges.push([fence.from, lineEnd]);
        fence = undefined;
      }
    } else if (opener) {
      fence = { char: opener[1]![0]!, length: opener[1]!.length, from: at };
    } else {
      for (const span of line.matchAll(/(`+)(?:(?!\1).)+?\1(?!`)/g)) ranges.push([at + span.index, at + span.index + span[0].length]);
    }
    at = lineEnd + 1;
  }
  if (fence) ranges.push([fence.from, text.length]);
  return ranges;
}

export const insideRanges = (ranges: readonly [number, number][], at: number): [number, number] | undefined => ranges.find(([from, to]) => at > from && at < to);

/**
 * A reply's citations of the results its search tools returned before it (Parley's web_search,
 * an MCP search server): each `[n]` outside code whose n is one of `sources`' numbers (1-based,
 * in order) cites that result, its span the mark itself (the page shows a chip in its place).
 */
export function citeNumberedSources(content: string, sources: readonly Citation[]): Citation[] {
  if (sources.length === 0 || !content.includes('[')) return [];
  const code = codeRanges(content);
  const cited: Citation[] = [];
  for (const match of content.matchAll(NUMBER_MARK)) {
    const source = sources[Number(match[1]) - 1];
    if (!source || insideRanges(code, match.index) || content[match.index - 1] === '\\') continue;
    const { start: _start, end: _end, ...where } = source;
    cited.push({ ...where, start: match.index, end: match.index + match[0].length });
    if (cited.length === MAX_CITATIONS) break;
  }
  return cited;
}
