import type { Message, ReplySegment, Timing, Usage } from '../types';

/**
 * A reply's figures from what was measured while it streamed: its segments (the first request,
 * then one per Continue). Pure: the generation calls it when a reply settles, and the page for a
 * reply that never settled here (the tab was closed mid-stream).
 */

/** Rough characters per token when the server reports no usage (English-like text). */
export const CHARS_PER_TOKEN_ESTIMATE = 4;
/** Between one segment's reasoning and the next: a blank line, which the pre-wrapped reasoning shows as a break. */
export const REASONING_BREAK = '\n\n';

export type FiguresSource = Pick<Message, 'content' | 'reasoning' | 'usage' | 'timing' | 'segments'>;

/** `earlier` followed by a new segment's first reasoning, set apart so the two thoughts don't run together. */
export function appendReasoningSegment(earlier: string | undefined, text: string): string {
  if (!earlier) return text;
  const trailing = /\n*$/.exec(earlier)![0].length;
  return earlier + REASONING_BREAK.slice(Math.min(trailing, REASONING_BREAK.length)) + text;
}

/** Only differences between a segment's own times are ever used, so a rebuilt one can start at 0. */
const LEGACY_START = 0;

/** A reply stored before segments were: one segment rebuilt from its figures. Its thinking time was never measured. */
function legacySegment(message: FiguresSource): ReplySegment | undefined {
  const { timing, usage } = message;
  const createdAt = LEGACY_START;
  if (!timing && !usage) return undefined;
  const segment: ReplySegment = { startedAt: createdAt };
  if (timing?.firstTokenMs !== undefined) {
    segment.firstTokenAt = createdAt + timing.firstTokenMs;
    if (timing.totalMs !== undefined) segment.lastDeltaAt = createdAt + timing.totalMs;
  }
  if (usage) segment.usage = usage;
  return segment;
}

export function segmentsOf(message: FiguresSource): ReplySegment[] {
  if (message.segments) return message.segments;
  const legacy = legacySegment(message);
  return legacy ? [legacy] : [];
}

/** Segments that produced tokens: each must report its count for the reply's count to be reported. */
const streamed = (segments: readonly ReplySegment[]) => segments.filter((s) => s.firstTokenAt !== undefined || s.usage);

function sumOf(segments: readonly ReplySegment[], key: 'completionTokens' | 'reasoningTokens'): number | undefined {
  let total = 0;
  for (const segment of segments) {
    const value = segment.usage?.[key];
    if (value === undefined) return undefined;
    total += value;
  }
  return segments.length > 0 ? total : undefined;
}

/**
 * The reply's usage: its own tokens summed over its segments, and the latest request's prompt
 * (the largest context it was written in). One segment: exactly what the server reported.
 */
export function combinedUsage(segments: readonly ReplySegment[]): Usage | undefined {
  const counted = streamed(segments);
  if (counted.length <= 1) return counted[0]?.usage;
  const usage: Usage = {};
  const completion = sumOf(counted, 'completionTokens');
  const reasoning = sumOf(counted, 'reasoningTokens');
  const prompt = counted.findLast((s) => s.usage?.promptTokens !== undefined)?.usage?.promptTokens;
  if (prompt !== undefined) usage.promptTokens = prompt;
  if (completion !== undefined) usage.completionTokens = completion;
  if (reasoning !== undefined) usage.reasoningTokens = reasoning;
  return Object.keys(usage).length > 0 ? usage : undefined;
}

const sum = (values: (number | undefined)[]) => {
  const known = values.filter((v): v is number => v !== undefined);
  return known.length > 0 ? known.reduce((a, b) => a + b, 0) : undefined;
};

/** First reasoning delta to first answer delta (or, when no answer came, to the last delta). */
function thinkingOf(segment: ReplySegment): number | undefined {
  if (segment.firstReasoningAt === undefined) return undefined;
  const end = segment.firstContentAt ?? segment.lastDeltaAt ?? segment.firstReasoningAt;
  return Math.max(0, end - segment.firstReasoningAt);
}

/** The server's own speed over every segment, when it measured each one and counted its tokens. */
function reportedSpeed(segments: readonly ReplySegment[]): number | undefined {
  let tokens = 0;
  let seconds = 0;
  for (const segment of segments) {
    const rate = segment.reported?.tokensPerSecond;
    const count = segment.usage?.completionTokens;
    if (!rate || count === undefined) return undefined;
    tokens += count;
    seconds += count / rate;
  }
  return seconds > 0 ? tokens / seconds : undefined;
}

/**
 * Time to first token (of the first request), time thought and time spent streaming (summed over
 * segments, so the pauses between a Stop and a Continue don't count), and the speed over that time.
 */
export function replyTiming(message: FiguresSource): Timing | undefined {
  const segments = segmentsOf(message);
  const counted = streamed(segments);
  if (counted.length === 0) return undefined;
  const first = segments[0]!;
  const streamingMs = sum(counted.map((s) => (s.firstTokenAt !== undefined && s.lastDeltaAt !== undefined ? s.lastDeltaAt - s.firstTokenAt : undefined)));
  const thinkingMs = sum(counted.map(thinkingOf));
  const reportedTokens = combinedUsage(segments)?.completionTokens;
  const tokens = reportedTokens ?? Math.ceil((message.content.length + (message.reasoning?.length ?? 0)) / CHARS_PER_TOKEN_ESTIMATE);
  const timing: Timing = {};
  if (first.firstTokenAt !== undefined) timing.firstTokenMs = first.firstTokenAt - first.startedAt;
  const totalMs = sum(counted.map((s) => (s.lastDeltaAt === undefined ? undefined : s.lastDeltaAt - s.startedAt)));
  if (totalMs !== undefined) timing.totalMs = totalMs;
  if (streamingMs !== undefined) timing.streamingMs = streamingMs;
  if (thinkingMs !== undefined) timing.thinkingMs = thinkingMs;
  if (streamingMs && tokens > 0) timing.tokensPerSecond = (tokens * 1000) / streamingMs;
  if (reportedTokens === undefined) timing.estimated = true;
  // Figures the server measured itself are more exact than the client's.
  if (counted.length === 1) return { ...timing, ...counted[0]!.reported };
  const serverSpeed = reportedSpeed(counted);
  return serverSpeed === undefined ? timing : { ...timing, tokensPerSecond: serverSpeed, estimated: false };
}

/** The figures to show: the ones stored when the reply settled, else what its segments say (it never settled here). */
export function figuresOf(message: FiguresSource): Timing | undefined {
  return message.timing ?? (message.segments ? replyTiming(message) : undefined);
}
