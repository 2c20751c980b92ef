/**
 * What the thread part of the next request costs, counted on what it sends (sentThread: the
 * summary in force, pinned messages, what follows the marker), and exact up to the last reply
 * whose server reported `usage.prompt_tokens`. Counted once per thread path and model: a
 * keystroke re-estimates only the draft (meter-figures.ts).
 */
import { imageTokens, textTokens } from '../attachments';
import type { AttachmentRef } from '../attachments';
import { sentThread, SUMMARY_HEADING, SYSTEM_SEPARATOR } from '../shapes';
import type { Message, Usage } from '../types';

/** The framing every chat message costs besides its text (role and separators in OpenAI's format). */
export const MESSAGE_OVERHEAD_TOKENS = 4;

export interface HistoryCount {
  /** Estimated tokens of the summary block in the system message (0 without one). */
  summary: number;
  /** Estimated tokens of the messages sent, text and tool calls. */
  history: number;
  /** Estimated tokens of the files of the messages sent. */
  attachments: number;
  /**
   * Where the server reported the last turn: its prompt plus that reply's completion is exact for
   * everything up to and including that reply; `after*` is what follows it (estimated).
   */
  reported?: { tokens: number; afterHistory: number; afterAttachments: number };
  /** For calibration: the reported prompt tokens and Parley's estimate of the same messages (system excluded). */
  sample?: { reported: number; estimated: number };
}

/** What a stored file costs, from its ref alone (the bytes are not loaded to count): text at bytes/4, pictures by their size. */
export function attachmentRefTokens(ref: AttachmentRef): number {
  if (ref.kind === 'image') return ref.width && ref.height ? imageTokens(ref.width, ref.height) : 0;
  if (ref.kind === 'text') return Math.ceil(ref.size / 4);
  return 0;
}

function messageTokens(message: Message): number {
  const calls = (message.toolCalls ?? []).reduce((sum, call) => sum + textTokens(call.name) + textTokens(call.arguments), 0);
  return MESSAGE_OVERHEAD_TOKENS + textTokens(message.content) + calls;
}

const filesTokens = (message: Message) => (message.attachments ?? []).reduce((sum, ref) => sum + attachmentRefTokens(ref), 0);

/** The usage of the request that produced the reply's last stretch (a Continue reports its own). */
function lastUsage(message: Message): Usage | undefined {
  const segments = message.segments ?? [];
  return segments.length > 0 ? (segments[segments.length - 1]!.usage ?? message.usage) : message.usage;
}

export function summaryTokens(summary: string | undefined): number {
  return summary ? textTokens(SYSTEM_SEPARATOR + SUMMARY_HEADING + '\n\n' + summary) : 0;
}

/** Counts `path` (root to leaf) as the next request sends it. */
export function countHistory(path: readonly Message[]): HistoryCount {
  const { summary, messages } = sentThread(path);
  const tokens = messages.map(messageTokens);
  const files = messages.map(filesTokens);
  const sum = (list: number[], from = 0, to = list.length) => list.slice(from, to).reduce((a, b) => a + b, 0);
  const count: HistoryCount = { summary: summaryTokens(summary), history: sum(tokens), attachments: sum(files) };
  for (let i = messages.length - 1; i >= 0; i--) {
    const usage = messages[i]!.role === 'assistant' ? lastUsage(messages[i]!) : undefined;
    if (usage?.promptTokens === undefined || usage.promptTokens <= 0) continue;
    count.reported = {
      tokens: usage.promptTokens + (usage.completionTokens ?? textTokens(messages[i]!.content)),
      afterHistory: sum(tokens, i + 1),
      afterAttachments: sum(files, i + 1),
    };
    count.sample = { reported: usage.promptTokens, estimated: count.summary + sum(tokens, 0, i) + sum(files, 0, i) };
    break;
  }
  return count;
}

// One count per path array and model: the store hands the same array until the thread changes.
const cache = new WeakMap<readonly Message[], HistoryCount>();

/** countHistory, remembered for this exact path (a keystroke keeps the path, so it costs a lookup). */
export function cachedHistoryCount(path: readonly Message[]): HistoryCount {
  let count = cache.get(path);
  if (!count) cache.set(path, (count = countHistory(path)));
  return count;
}
