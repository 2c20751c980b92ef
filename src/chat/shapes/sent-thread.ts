/**
 * The thread as requests send it once compaction happened (issue 24): the last marker on the
 * path that is not undone stands in for everything above it, except pinned messages, which go
 * verbatim; the summary itself goes with the system message. One place, so the request, the
 * context meter and "What the model receives" agree.
 */
import type { Message } from '../types';

export interface SentThread {
  /** The summary of what the marker stands in for; undefined without one (or when turns were dropped). */
  summary?: string;
  /** The messages sent: pinned ones from above the marker (in their order), then those after it. */
  messages: Message[];
  /** The marker in force, if any. */
  marker?: Message;
}

/** Between two parts of a system message (library/system-message.ts builds the others): a rule a model reads as "a new section". */
export const SYSTEM_SEPARATOR = '\n\n---\n\n';

/** What introduces the summary to the model. */
export const SUMMARY_HEADING = 'Summary of the earlier conversation (the messages it replaces are not repeated):';

export const isMarker = (message: Message): boolean => message.compaction !== undefined;

/** The marker in force on a thread path: the last one not undone. */
export function activeMarker(thread: readonly Message[]): Message | undefined {
  for (let i = thread.length - 1; i >= 0; i--) {
    const message = thread[i]!;
    if (message.compaction && !message.compaction.undone) return message;
  }
  return undefined;
}

/** `thread` (root to leaf) as it is sent. Markers are never sent as messages of their own. */
export function sentThread(thread: readonly Message[]): SentThread {
  const marker = activeMarker(thread);
  if (!marker) return { messages: thread.filter((message) => !isMarker(message)) };
  const at = thread.indexOf(marker);
  const kept = thread.slice(0, at).filter((message) => message.pinned && !isMarker(message));
  const after = thread.slice(at + 1).filter((message) => !isMarker(message));
  const summary = marker.compaction!.mode === 'summary' && marker.content.trim() ? marker.content : undefined;
  return { summary, messages: [...kept, ...after], marker };
}

/** The system message with the summary after it (undefined when there is neither). */
export function withSummary(system: string | undefined, summary: string | undefined): string | undefined {
  if (!summary) return system;
  const block = `${SUMMARY_HEADING}\n\n${summary}`;
  return system?.trim() ? system + SYSTEM_SEPARATOR + block : block;
}
