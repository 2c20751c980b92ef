// The sources a ChatGPT reply cites, read from its export (issue 37): the marker characters come out of the text, each cited source becomes a Citation on the text before its marker.
import { cleanCitations } from '../../shapes/citations';
import type { Citation } from '../../types';
import { isRecord, optionalString, type Json } from '../shape';

/**
 * Two shapes carry them, both on `message.metadata`:
 *   `citations` (browsing, 2023–24): `{ start_ix, end_ix, metadata: { type: 'webpage', title, url, text } }`,
 *     the span being a `【11†source】` marker in the text;
 *   `content_references` (search, 2024–): `{ matched_text, start_idx, end_idx, type, items: [{ title, url,
 *     attribution, snippet?, supporting_websites? }] }`, the marker being a private-use run such as
 *     `\ue200cite\ue202turn0search0\ue201`; the `sources_footnote` entry lists the sources under the reply.
 * Newer replies may also wrap the cited words in `\ue203`…`\ue204`: that is then the span.
 * Offsets are taken where the text at them is the marker (in UTF-16 units, or counted in code points
 * as Python counts them); otherwise the marker's text is looked for.
 */

/** A marker of either kind, and the `\ue203`/`\ue204` brackets, wherever no reference names them. */
const MARKER = /\ue200[^\ue200\ue201]*\ue201|【[^【】\n]{0,64}†[^【】\n]{0,64}】|[\ue203\ue204]/g;
const OPEN_SPAN = '\ue203';
/** Where a sentence ends: the cited span starts after the last one before its marker. */
const SENTENCE_END = /[.!?。！？]/;

interface Removal {
  start: number;
  end: number;
  /** What stands in its place (an entity's name), usually nothing. */
  replacement: string;
  cites: Citation[];
}

/** The UTF-16 offset of code point `n` of `text` (Python counts code points), or undefined past its end. */
function utf16Offset(text: string, n: number): number | undefined {
  let offset = 0;
  for (let i = 0; i < n; i++) {
    if (offset >= text.length) return undefined;
    offset += (text.codePointAt(offset) ?? 0) > 0xffff ? 2 : 1;
  }
  return offset;
}

/** Where `matched` is in `text`, starting at `start` (either way of counting) or else its first occurrence from `from`. */
function locate(text: string, matched: string | undefined, start: unknown, end: unknown, from: number): [number, number] | undefined {
  if (typeof start === 'number' && typeof end === 'number' && Number.isInteger(start) && Number.isInteger(end) && start >= 0 && end > start) {
    const fits = (a: number | undefined, b: number | undefined) => a !== undefined && b !== undefined && (matched === undefined ? isMarker(text.slice(a, b)) : text.slice(a, b) === matched);
    if (fits(start, end)) return [start, end];
    const a = utf16Offset(text, start);
    const b = utf16Offset(text, end);
    if (fits(a, b)) return [a!, b!];
  }
  if (!matched) return undefined;
  const at = text.indexOf(matched, from);
  return at < 0 ? undefined : [at, at + matched.length];
}

const isMarker = (value: string): boolean => /^(\ue200[^\ue200\ue201]*\ue201|【[^【】\n]*†[^【】\n]*】)$/.test(value);

const sourceOf = (item: Json, citedText?: unknown): Citation | undefined => {
  const url = optionalString(item.url);
  if (!url) return undefined;
  const title = optionalString(item.title) ?? optionalString(item.attribution);
  const quote = optionalString(citedText) ?? optionalString(item.snippet) ?? optionalString(item.text);
  return { url, ...(title && { title }), ...(quote && { citedText: quote }) };
};

/** The sources one content reference names: its items, what supports them, its fallback items. */
function referenceSources(ref: Json): Citation[] {
  const items = [...(Array.isArray(ref.items) ? ref.items : []), ...(Array.isArray(ref.fallback_items) ? ref.fallback_items : [])].filter(isRecord);
  const all = items.flatMap((item) => [item, ...(Array.isArray(item.supporting_websites) ? item.supporting_websites.filter(isRecord) : [])]);
  if (all.length === 0 && optionalString(ref.url)) all.push(ref);
  return all.flatMap((item) => sourceOf(item) ?? []);
}

/** Empty links (`[Name]()`, a product's) kept as their words: an entity's `alt` is what the reader saw. */
const altText = (alt: unknown): string => (typeof alt === 'string' ? alt.replace(/\[([^\]]*)\]\(\)/g, '$1') : '');

/**
 * The reply's text without markers, and its citations, each spanning the words right before its
 * marker (the `\ue203` span, or the sentence), with offsets in the new text. Sources listed only
 * (the footnote, a marker that could not be found) come after, without a span.
 */
export function chatgptCitations(text: string, metadata: Json): { content: string; citations: Citation[] } {
  const removals: Removal[] = [];
  const listed: Citation[] = [];
  let from = 0;
  const refs = Array.isArray(metadata.content_references) ? metadata.content_references.filter(isRecord) : [];
  for (const ref of refs) {
    if (ref.type === 'sources_footnote') {
      const sources = [ref.sources, ref.items].find(Array.isArray) ?? [];
      listed.push(...sources.filter(isRecord).flatMap((item) => sourceOf(item) ?? []));
      continue;
    }
    const cites = referenceSources(ref);
    const matched = optionalString(ref.matched_text);
    // Only markers are taken out: a reference whose matched text is ordinary words leaves them.
    const where = matched && isMarker(matched) ? locate(text, matched, ref.start_idx, ref.end_idx, from) : undefined;
    if (!where) {
      listed.push(...cites);
      continue;
    }
    from = where[1];
    removals.push({ start: where[0], end: where[1], replacement: cites.length ? '' : altText(ref.alt), cites });
  }
  const older = Array.isArray(metadata.citations) ? metadata.citations.filter(isRecord) : [];
  for (const citation of older) {
    const source = isRecord(citation.metadata) ? sourceOf(citation.metadata) : undefined;
    if (!source) continue;
    const where = locate(text, undefined, citation.start_ix, citation.end_ix, 0);
    if (where) removals.push({ start: where[0], end: where[1], replacement: '', cites: [source] });
    else listed.push(source);
  }
  // Markers no reference named go too.
  for (const match of text.matchAll(MARKER)) removals.push({ start: match.index, end: match.index + match[0].length, replacement: '', cites: [] });
  removals.sort((a, b) => a.start - b.start || b.cites.length - a.cites.length);

  let content = '';
  let cursor = 0;
  /** Where the last `\ue203` opened in the new text, and where the last cited span ended (the next starts after it). */
  let opened: number | undefined;
  let floor = 0;
  const citations: Citation[] = [];
  for (const removal of removals) {
    if (removal.start < cursor) {
      // The same marker again (the sweep finds the named ones too): gone already; sources it names are listed.
      citations.push(...removal.cites);
      continue;
    }
    content += text.slice(cursor, removal.start);
    cursor = removal.end;
    const marker = text.slice(removal.start, removal.end);
    if (marker === OPEN_SPAN) {
      opened = content.length;
      continue;
    }
    // The space before a marker goes when a space, a line's end or punctuation follows it.
    if (removal.replacement === '' && / $/.test(content) && /^([\s.,;:!?)]|$)/.test(text.slice(cursor, cursor + 1))) content = content.slice(0, -1);
    content += removal.replacement;
    if (removal.cites.length === 0) continue;
    const end = content.trimEnd().length;
    let start = opened !== undefined && opened >= floor && opened < end ? opened : sentenceStart(content, end, floor);
    while (start < end && /\s/.test(content[start]!)) start++;
    opened = undefined;
    const [first, ...rest] = removal.cites;
    if (start < end) {
      citations.push({ ...first!, start, end });
      floor = end;
    } else citations.push(first!);
    citations.push(...rest);
  }
  content += text.slice(cursor);
  const cited = new Set(citations.map((citation) => citation.url));
  return { content, citations: cleanCitations(content, [...citations, ...listed.filter((source) => !cited.has(source.url) && cited.add(source.url))]) };
}

/** The start of the sentence that ends at `end`: after the last sentence end or line break before it, never before `floor`. */
function sentenceStart(text: string, end: number, floor: number): number {
  // The sentence's own closing punctuation is part of it.
  let i = end - 1;
  while (i > floor && SENTENCE_END.test(text[i]!)) i--;
  for (; i > floor; i--) {
    const c = text[i - 1]!;
    if (c === '\n' || (SENTENCE_END.test(c) && /\s/.test(text[i]!))) return i;
  }
  return floor;
}
