/**
 * What a compaction covers and what it writes (issue 24), as pure functions: the point it stops
 * at, the summary request, the marker and the message re-parented under it. compaction-actions.ts
 * runs them against the store and the model.
 */
import { textTokens } from '../attachments';
import type { ChatModelMessage } from '../model';
import { isMarker, sentThread, withSummary } from '../shapes';
import type { Chat, Compaction, Message } from '../types';

/** Exchanges (a user message and what answers it) a default compaction leaves whole at the end of the thread. */
export const KEPT_EXCHANGES = 2;

/** What the summariser is told: the covered turns follow as one user message. */
export const SUMMARY_INSTRUCTION =
  'You summarise conversations. Write a concise summary of the conversation below so it can stand in for it: keep the facts, decisions, names, numbers, code and open questions the rest of the conversation may need, in the order they came. Write it as plain prose or short lists, in the language of the conversation. Do not add anything that was not said and do not answer any question in it.';

/** How each role is named in the transcript the summariser reads. */
const ROLE_LABELS: Record<Message['role'], string> = { user: 'User', assistant: 'Assistant', system: 'System', tool: 'Tool result' };

/** Between two turns of the transcript. */
const TURN_SEPARATOR = '\n\n';

/** What a compaction up to `lastCovered` stands in for, on `thread` (root to leaf). */
export interface CompactionPlan {
  /** The last message the marker covers: the marker's parent. */
  lastCovered: Message;
  /** The message after it on the path, re-parented under the marker (none when the point is the leaf). */
  next?: Message;
  /** The messages the marker stands in for (pinned ones and markers left out: pinned ones are still sent). */
  covered: Message[];
  /** The summary of an earlier marker in force, which the new summary takes in. */
  earlierSummary?: string;
}

/** The default point: the message before the last `KEPT_EXCHANGES` user messages; undefined when there is nothing before them. */
export function defaultCompactionPoint(thread: readonly Message[]): string | undefined {
  let users = 0;
  for (let i = thread.length - 1; i >= 0; i--) {
    if (thread[i]!.role !== 'user' || isMarker(thread[i]!)) continue;
    users++;
    if (users === KEPT_EXCHANGES) return i > 0 ? thread[i - 1]!.id : undefined;
  }
  return undefined;
}

/** The plan for a compaction up to `upTo` (a message id on `thread`); undefined when it would cover nothing. */
export function planCompaction(thread: readonly Message[], upTo: string): CompactionPlan | undefined {
  const at = thread.findIndex((message) => message.id === upTo);
  if (at < 0 || isMarker(thread[at]!)) return undefined;
  const above = sentThread(thread.slice(0, at + 1));
  const covered = above.messages.filter((message) => !message.pinned);
  if (covered.length === 0) return undefined;
  return { lastCovered: thread[at]!, next: thread[at + 1], covered, earlierSummary: above.summary };
}

/** The covered turns as plain text, oldest first (an earlier summary opens it). */
export function transcriptOf(plan: Pick<CompactionPlan, 'covered' | 'earlierSummary'>): string {
  const turns = plan.covered.filter((message) => message.content.trim() !== '').map((message) => `${ROLE_LABELS[message.role]}: ${message.content}`);
  if (plan.earlierSummary) turns.unshift(`Summary of what came before: ${plan.earlierSummary}`);
  return turns.join(TURN_SEPARATOR);
}

/** The summary request's messages. */
export const summaryRequest = (plan: Pick<CompactionPlan, 'covered' | 'earlierSummary'>): ChatModelMessage[] => [
  { role: 'system', content: SUMMARY_INSTRUCTION },
  { role: 'user', content: transcriptOf(plan) },
];

/** Estimated tokens of what the plan covers. */
export const coveredTokens = (plan: Pick<CompactionPlan, 'covered' | 'earlierSummary'>): number =>
  plan.covered.reduce((sum, message) => sum + textTokens(message.content), plan.earlierSummary ? textTokens(plan.earlierSummary) : 0);

/** The marker written at the plan's point, and the next message re-parented under it. */
export function markerRows(plan: CompactionPlan, marker: Pick<Message, 'id' | 'createdAt'>, content: string, compaction: Omit<Compaction, 'covered' | 'tokensBefore' | 'tokensAfter'>): Message[] {
  const row: Message = {
    id: marker.id,
    chatId: plan.lastCovered.chatId,
    parentId: plan.lastCovered.id,
    role: 'system',
    content,
    status: 'complete',
    createdAt: marker.createdAt,
    compaction: { ...compaction, covered: plan.covered.length, tokensBefore: coveredTokens(plan), tokensAfter: textTokens(content) },
  };
  return plan.next ? [row, { ...plan.next, parentId: row.id }] : [row];
}

/**
 * The estimated tokens of the request `thread` (root to leaf) would make with `draft` added:
 * the system message with any summary, the messages sent, the draft. THE one place compaction
 * decides "would not fit"; the context meter's calibrated estimate can replace it.
 */
export function requestTokens(chat: Pick<Chat, 'systemPrompt'>, thread: readonly Message[], draft: string, ratio = 1): number {
  const sent = sentThread(thread);
  const system = withSummary(chat.systemPrompt, sent.summary) ?? '';
  // `ratio`: the model's learnt ratio of reported to estimated tokens (the meter's calibration).
  return Math.round(ratio * sent.messages.reduce((sum, message) => sum + textTokens(message.content), textTokens(system) + textTokens(draft)));
}

/**
 * Where a `drop` marker goes so the request fits: the first message of `thread` after which what
 * is left (pinned messages kept) fits in `limit`; the leaf when nothing short of everything does.
 */
export function dropPoint(chat: Pick<Chat, 'systemPrompt'>, thread: readonly Message[], draft: string, limit: number, ratio = 1): string | undefined {
  const candidates = thread.filter((message) => !isMarker(message));
  for (const message of candidates) {
    const at = thread.indexOf(message);
    const marker: Message = { ...message, id: '', parentId: message.id, role: 'system', content: '', compaction: { mode: 'drop', covered: 0, tokensBefore: 0, tokensAfter: 0 } };
    if (requestTokens(chat, [...thread.slice(0, at + 1), marker, ...thread.slice(at + 1)], draft, ratio) <= limit) return message.id;
  }
  return candidates.at(-1)?.id;
}
