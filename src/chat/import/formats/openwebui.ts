import { entryError, ImportError, parseJson, type ImportProblem } from '../errors';
import { keptTree, TreeProblem, type TreeNode } from '../kept-tree';
import { hasDetailsBlocks, readDetailsBlocks } from './openwebui-details';
import { pacer } from '../pace';
import { baseName, epochMs, isRecord, mentionsKey, optionalString } from '../shape';
import { noSkips, type ImportedChat, type ImportedMessage, type ImportParser, type SkipCounts } from '../types';

/**
 * Open WebUI's chat export (one chat or "export all"): a JSON list of `{id, title, chat: {models,
 * history: {messages: {id: {id, parentId, childrenIds, role, content, timestamp, model}},
 * currentId}}, created_at, updated_at}`. The messages form a tree; `currentId` is the leaf on
 * screen. Times are seconds since the epoch. A reply holding reasoning or tool-call blocks
 * (openwebui-details.ts) becomes Parley's own: the reasoning as the reply's reasoning, each tool
 * call as a call with a `tool` message for its result, the text after them as the next reply.
 */

const SECOND_MS = 1000;

/** The reply `message` as Parley's messages: itself, or its pieces when it holds reasoning or tool calls. The last piece keeps the source id (replies to it hang there). */
function replyPieces(message: ImportedMessage): ImportedMessage[] {
  if (message.role !== 'assistant' || !hasDetailsBlocks(message.content)) return [message];
  const out: ImportedMessage[] = [];
  const pieces = readDetailsBlocks(message.content);
  let parent = message.parentSourceId;
  for (const [i, piece] of pieces.entries()) {
    const sourceId = i === pieces.length - 1 ? message.sourceId : `${message.sourceId}#${i}`;
    out.push({
      ...message,
      sourceId,
      parentSourceId: parent,
      content: piece.content,
      ...(piece.reasoning && { reasoning: piece.reasoning }),
      ...(piece.thinkingSeconds !== undefined && { thinkingMs: piece.thinkingSeconds * SECOND_MS }),
      ...(piece.toolCalls.length > 0 && {
        toolCalls: piece.toolCalls.map(({ id, name, arguments: args, result, isError }) => ({
          id,
          name,
          arguments: args,
          state: result === undefined ? ('cancelled' as const) : isError ? ('failed' as const) : ('done' as const),
        })),
      }),
    });
    parent = sourceId;
    for (const [j, call] of piece.toolCalls.entries()) {
      const toolId = `${message.sourceId}#${i}.${j}`;
      out.push({
        sourceId: toolId,
        parentSourceId: parent,
        role: 'tool',
        content: call.result ?? '',
        toolCallId: call.id,
        createdAt: message.createdAt,
        ...((call.isError || call.result === undefined) && { isError: true }),
      });
      parent = toolId;
    }
  }
  return out;
}

const ROLES = new Set(['user', 'assistant', 'system']);

function readChat(file: string, index: number, raw: unknown, skipped: SkipCounts): ImportedChat {
  if (!isRecord(raw)) throw entryError(file, index, '', { code: 'chat-field', params: { field: 'chat', expected: 'object' } });
  const inner = isRecord(raw.chat) ? raw.chat : undefined;
  const title = optionalString(raw.title) ?? optionalString(inner?.title) ?? '';
  const fail = (problem: ImportProblem) => entryError(file, index, title, problem);
  const id = optionalString(raw.id) ?? optionalString(inner?.id);
  if (!id) throw fail({ code: 'chat-field', params: { field: 'id', expected: 'string' } });
  const history = inner?.history;
  if (!isRecord(history) || !isRecord(history.messages)) throw fail({ code: 'chat-field', params: { field: 'chat.history.messages', expected: 'object' } });
  const createdAt = epochMs(raw.created_at) ?? epochMs(inner?.timestamp) ?? 0;
  const chatModel = Array.isArray(inner?.models) ? optionalString(inner.models[0]) : undefined;
  const nodes = new Map<string, TreeNode>();
  const kept = new Map<string, ImportedMessage>();
  const all = history.messages;
  /** Where `key` stands among its siblings as Open WebUI lists them (its parent's childrenIds). */
  const place = (key: string, message: unknown) => {
    const parent = isRecord(message) && typeof message.parentId === 'string' ? all[message.parentId] : undefined;
    const at = isRecord(parent) && Array.isArray(parent.childrenIds) ? parent.childrenIds.indexOf(key) : -1;
    return at < 0 ? Number.MAX_SAFE_INTEGER : at;
  };
  // Siblings in Open WebUI's order (a multi-model turn's models, then regenerations), however the
  // keys were stored: a multi-model turn's replies share one timestamp, so the order they are
  // read in is the order they keep in Parley.
  const entries = Object.entries(all).sort(([a, x], [b, y]) => place(a, x) - place(b, y));
  for (const [key, message] of entries) {
    if (!isRecord(message)) throw fail({ code: 'message-field', params: { message: key, field: 'message', expected: 'object' } });
    const parent = message.parentId ?? null;
    if (parent !== null && typeof parent !== 'string') throw fail({ code: 'message-field', params: { message: key, field: 'parentId', expected: 'string' } });
    if (typeof message.role !== 'string' || !ROLES.has(message.role)) {
      throw fail({ code: 'message-field', params: { message: key, field: 'role', expected: 'user | assistant | system' } });
    }
    if (typeof message.content !== 'string') throw fail({ code: 'message-field', params: { message: key, field: 'content', expected: 'string' } });
    const visible = message.content.trim() !== '';
    nodes.set(key, { id: key, parent, kept: visible });
    if (!visible) {
      skipped[message.role === 'system' ? 'system' : 'empty']++;
      continue;
    }
    const role = message.role as ImportedMessage['role'];
    kept.set(key, {
      sourceId: key,
      parentSourceId: null,
      role,
      content: message.content,
      createdAt: epochMs(message.timestamp) ?? createdAt,
      ...(role === 'assistant' && { model: optionalString(message.model) ?? chatModel }),
    });
  }
  let tree;
  try {
    tree = keptTree(nodes);
  } catch (error) {
    if (error instanceof TreeProblem) throw fail(error.problem);
    throw error;
  }
  const messages = tree.order.flatMap((key) => replyPieces({ ...kept.get(key)!, parentSourceId: tree.parentOf.get(key) ?? null }));
  const current = optionalString(history.currentId);
  const leaf = current === undefined ? undefined : tree.nearestKept(current);
  const models = messages.filter((m) => m.model);
  return {
    source: { app: 'openwebui', id },
    title,
    createdAt: createdAt || messages[0]?.createdAt || 0,
    updatedAt: epochMs(raw.updated_at) ?? createdAt,
    messages,
    ...(leaf && { currentLeafSourceId: leaf }),
    ...(models.length && { model: models[models.length - 1]!.model }),
  };
}

export const openwebuiParser: ImportParser = {
  app: 'openwebui',
  detect: (file, head) => baseName(file.name).toLowerCase().endsWith('.json') && mentionsKey(head, 'history') && mentionsKey(head, 'chat'),
  async parse(file, context) {
    const data = parseJson(file.name, await file.text());
    // "Export chat" of a single chat may be the bare object.
    const list = Array.isArray(data) ? data : isRecord(data) && isRecord(data.chat) ? [data] : undefined;
    if (!list) throw new ImportError('wrong-shape', { file: file.name, expected: 'openwebui' });
    const skipped = noSkips();
    const chats: ImportedChat[] = [];
    const pace = pacer(context.signal);
    for (let index = 0; index < list.length; index++) {
      await pace();
      chats.push(readChat(file.name, index, list[index], skipped));
    }
    return { chats, skipped };
  },
};
