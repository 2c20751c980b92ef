// Feeds a recorded (or built) stream to a format's reader and folds its parts as a reply would (issue 37).
import type { Citation, SearchStep } from '../../../src/chat';
import { createSseParser, type ChunkDecoder, type DecodedDelta } from '../../../src/chat/wire';

export interface Replayed {
  deltas: DecodedDelta[];
  text: string;
  citations: Citation[];
  /** Each step as the reply ends up with it (later parts with the same id merged in). */
  searches: SearchStep[];
  toolCalls: DecodedDelta[];
  error: unknown;
}

/** The whole body through the SSE parser and the reader, in one read. */
export function replay(decoder: ChunkDecoder, body: string): Replayed {
  const parser = createSseParser();
  const deltas: DecodedDelta[] = [];
  for (const event of parser.feed(new TextEncoder().encode(body))) deltas.push(...decoder.push(event));
  deltas.push(...decoder.end());
  return fold(deltas, decoder.error);
}

export function fold(deltas: DecodedDelta[], error?: unknown): Replayed {
  let text = '';
  const citations: Citation[] = [];
  const searches: SearchStep[] = [];
  for (const delta of deltas) {
    if (delta.type === 'content') text += delta.text;
    if (delta.type === 'content-was-reasoning') text = '';
    if (delta.type === 'citation') citations.push(delta.citation);
    if (delta.type === 'search') {
      const at = searches.findIndex((step) => step.id === delta.search.id);
      if (at < 0) searches.push(delta.search);
      else searches[at] = { ...searches[at]!, ...delta.search };
    }
  }
  return { deltas, text, citations, searches, toolCalls: deltas.filter((delta) => delta.type === 'tool-call'), error };
}

/** The text each citation's span covers. */
export const spans = (replayed: Replayed): string[] => replayed.citations.map((c) => (c.start === undefined ? '' : replayed.text.slice(c.start, c.end)));

/** Every citation is a Citation: a string url, strings or nothing for the rest, whole offsets or none. */
export function expectCitationShapes(citations: readonly Citation[]): boolean {
  return citations.every(
    (c) =>
      typeof c.url === 'string' &&
      ['title', 'citedText'].every((key) => c[key as 'title'] === undefined || typeof c[key as 'title'] === 'string') &&
      ((c.start === undefined && c.end === undefined) || (Number.isInteger(c.start) && Number.isInteger(c.end) && c.start! < c.end!)) &&
      Object.keys(c).every((key) => ['url', 'title', 'citedText', 'start', 'end'].includes(key)),
  );
}

/** Server-sent events of a named-event format (Anthropic, Responses), one per value. */
export const named = (events: readonly Record<string, unknown>[]): string => events.map((event) => `event: ${String(event.type)}\ndata: ${JSON.stringify(event)}\n\n`).join('');

/** Chat Completions chunks, then [DONE]. */
export const chunks = (values: readonly unknown[]): string => values.map((value) => `data: ${JSON.stringify(value)}\n\n`).join('') + 'data: [DONE]\n\n';
