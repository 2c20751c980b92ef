/** Checks a chat, message or file row that came from outside (a backup, sync): each field's type, or the first field that is wrong. */
import { REASONING_EFFORTS, type Chat, type Message } from '../types';

/** The row as it came, typed, or the path of its first wrong field inside it ('' when it is not an object at all). */
export type RowCheck<T> = { ok: true; row: T } | { ok: false; field: string };

type Check = (value: unknown) => boolean;
const isString: Check = (v) => typeof v === 'string';
const isId: Check = (v) => typeof v === 'string' && v !== '';
const isNumber: Check = (v) => typeof v === 'number' && Number.isFinite(v);
const isBoolean: Check = (v) => typeof v === 'boolean';
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const oneOf = (...values: string[]): Check => (v) => typeof v === 'string' && values.includes(v);
const optional = (check: Check): Check => (v) => v === undefined || check(v);

const CHAT_FIELDS: Record<string, Check> = {
  id: isId,
  title: isString,
  titleSource: oneOf('auto', 'user', 'generated'),
  createdAt: isNumber,
  updatedAt: isNumber,
  pinned: isBoolean,
  model: optional(isString),
  systemPrompt: optional(isString),
  temperature: optional(isNumber),
  maxTokens: optional(isNumber),
  thinkingBudget: optional(isNumber),
  reasoningEffort: optional(oneOf(...REASONING_EFFORTS)),
  currentLeafId: optional(isId),
  projectId: optional(isId),
  presetId: optional(isId),
  // Issue 38: read again where used (compare-turn.ts, the page), as a newer Parley's fields are.
  compare: optional(isObject),
  comparing: optional(isObject),
};
/** A compaction marker's figures (issue 24): what it did and what it covers. */
const COMPACTION_FIELDS: Record<string, Check> = {
  mode: oneOf('summary', 'drop'),
  covered: isNumber,
  tokensBefore: isNumber,
  tokensAfter: isNumber,
  model: optional(isString),
  automatic: optional(isBoolean),
  undone: optional(isBoolean),
  edited: optional(isBoolean),
};
const isCompaction: Check = (v) => isObject(v) && Object.entries(COMPACTION_FIELDS).every(([name, check]) => check(v[name]));
const MESSAGE_FIELDS: Record<string, Check> = {
  id: isId,
  chatId: isId,
  parentId: (v) => v === null || isId(v),
  role: oneOf('user', 'assistant', 'system', 'tool'),
  content: isString,
  reasoning: optional(isString),
  thinkingBlocks: optional(Array.isArray),
  responseId: optional(isString),
  status: oneOf('complete', 'streaming', 'stopped', 'error'),
  createdAt: isNumber,
  model: optional(isString),
  error: optional(isString),
  errorCode: optional(isString),
  errorReason: optional(isString),
  finishReason: optional(isString),
  toolCallId: optional(isString),
  isError: optional(isBoolean),
  retryAfterMs: optional(isNumber),
  retryAt: optional(isNumber),
  skippedEvents: optional(isNumber),
  maxTokens: optional(isNumber),
  usage: optional(isObject),
  timing: optional(isObject),
  segments: optional(Array.isArray),
  toolCalls: optional(Array.isArray),
  attachments: optional(Array.isArray),
  pinned: optional(isBoolean),
  revises: optional(isString),
  compaction: optional(isCompaction),
  citations: optional(Array.isArray),
  searches: optional(Array.isArray),
  sources: optional(Array.isArray),
  combines: optional(Array.isArray),
};
/** A message's file refs: each names a file by id. */
const REF_FIELDS: Record<string, Check> = { id: isId, kind: oneOf('image', 'text', 'pdf'), name: isString };
/** A file row as a backup carries it (its bytes as base64 `data`). */
const FILE_FIELDS: Record<string, Check> = {
  id: isId,
  messageId: isId,
  kind: oneOf('image', 'text', 'pdf'),
  name: isString,
  mimeType: isString,
  size: isNumber,
  createdAt: isNumber,
  text: optional(isString),
  data: optional(isString),
  dataType: optional(isString),
};

/** The first of `fields` that `value` gets wrong: '' when it is not an object, undefined when none. */
function firstWrong(value: unknown, fields: Record<string, Check>): string | undefined {
  if (!isObject(value)) return '';
  for (const [field, ok] of Object.entries(fields)) if (!ok(value[field])) return field;
  return undefined;
}

function read<T>(value: unknown, fields: Record<string, Check>): RowCheck<T> {
  const field = firstWrong(value, fields);
  return field === undefined ? { ok: true, row: value as T } : { ok: false, field };
}

/** A chat row. Its other fields are kept as they are (a newer Parley's); how deep and long they may be is value-limits.ts'. */
export const readChatRow = (value: unknown): RowCheck<Chat> => read<Chat>(value, CHAT_FIELDS);

/** A message row, with each of its file refs. */
export function readMessageRow(value: unknown): RowCheck<Message> {
  const check = read<Message>(value, MESSAGE_FIELDS);
  if (!check.ok) return check;
  for (const [j, ref] of (check.row.attachments ?? []).entries()) {
    const field = firstWrong(ref, REF_FIELDS);
    if (field !== undefined) return { ok: false, field: field === '' ? `attachments[${j}]` : `attachments[${j}].${field}` };
  }
  return check;
}

/** A backup's file row: its first wrong field ('' when it is not an object), or undefined. */
export const fileRowProblem = (value: unknown): string | undefined => firstWrong(value, FILE_FIELDS);
