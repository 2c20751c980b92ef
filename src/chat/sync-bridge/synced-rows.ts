/** Checks a chat or message document from the server before it goes near storage, with the checks a backup's rows get. */
import { readChatRow, readMessageRow } from '../shapes/row-record';
import { firstLimitProblem } from '../shapes/value-limits';
import type { Chat, Message } from '../types';
import type { ChatPlace, DocBody } from './sync-docs';

/**
 * The row to write, or the first thing wrong with the document (a path in its body, for tests and
 * the console: the user is told which chat). One broken row in a slice's transaction would abort
 * the slice (IndexedDB refuses a row without its key, or nested past what it clones), so each is
 * read first, as a backup's are (shapes/row-record.ts, shapes/value-limits.ts), and must sit at
 * its own document's id: a row under another's id would overwrite that one.
 */
export type SyncedRowCheck = { ok: true; chat: Chat } | { ok: true; message: Message } | { ok: false; field: string };

const at = (where: string, field: string) => (field === '' ? where : `${where}.${field}`);

export function checkSyncedRow(place: ChatPlace, body: DocBody | undefined): SyncedRowCheck {
  if (!body) return { ok: false, field: 'type' };
  if (place.kind === 'chat' && body.type === 'chat') {
    // Depth and length first: nothing below walks a field that could overflow.
    const problem = firstLimitProblem(body.chat);
    if (problem) return { ok: false, field: at('chat', problem.field) };
    const read = readChatRow(body.chat);
    if (!read.ok) return { ok: false, field: at('chat', read.field) };
    return read.row.id === place.chatId ? { ok: true, chat: read.row } : { ok: false, field: 'chat.id' };
  }
  if (place.kind === 'msg' && body.type === 'msg') {
    const problem = firstLimitProblem(body.message);
    if (problem) return { ok: false, field: at('message', problem.field) };
    const read = readMessageRow(body.message);
    if (!read.ok) return { ok: false, field: at('message', read.field) };
    if (read.row.chatId !== place.chatId) return { ok: false, field: 'message.chatId' };
    return read.row.id === place.rowId ? { ok: true, message: read.row } : { ok: false, field: 'message.id' };
  }
  return { ok: false, field: 'type' };
}
