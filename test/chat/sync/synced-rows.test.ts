// A chat or message document from the server is checked as a backup's rows are, and against its own id (issue 32).
import { describe, expect, it } from 'vitest';
import { checkSyncedRow } from '../../../src/chat/sync-bridge/synced-rows';
import type { ChatPlace, DocBody } from '../../../src/chat/sync-bridge/sync-docs';

const chat = { id: 'c1', title: 'A chat', titleSource: 'user', createdAt: 1, updatedAt: 2, pinned: false };
const message = { id: 'm1', chatId: 'c1', parentId: null, role: 'user', content: 'Hi', status: 'complete', createdAt: 1 };
const chatPlace: ChatPlace = { kind: 'chat', chatId: 'c1' };
const messagePlace: ChatPlace = { kind: 'msg', chatId: 'c1', rowId: 'm1' };
const chatBody = (row: unknown) => ({ type: 'chat', changedAt: 1, chat: row }) as DocBody;
const messageBody = (row: unknown) => ({ type: 'msg', changedAt: 1, message: row }) as DocBody;

function deep(depth: number): unknown {
  let value: unknown = 0;
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
}

describe('checkSyncedRow', () => {
  it.each([
    ['a good chat', chatPlace, chatBody(chat), undefined],
    ['"chat": null', chatPlace, chatBody(null), 'chat'],
    ['a chat with no id', chatPlace, chatBody({ ...chat, id: undefined }), 'chat.id'],
    ['an object as the id', chatPlace, chatBody({ ...chat, id: { x: 1 } }), 'chat.id'],
    ['a chat under another chat’s id', { kind: 'chat', chatId: 'c2' } as ChatPlace, chatBody(chat), 'chat.id'],
    ['a chat nested too deep', chatPlace, chatBody({ ...chat, extra: deep(40) }), 'chat.extra[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0]'],
    ['a message body in a chat’s document', chatPlace, messageBody(message), 'type'],
    ['no body (not Parley’s)', chatPlace, undefined, 'type'],
    ['a good message', messagePlace, messageBody(message), undefined],
    ['"message": null', messagePlace, messageBody(null), 'message'],
    ['a message with an unknown role', messagePlace, messageBody({ ...message, role: 'robot' }), 'message.role'],
    ['a message of another chat', messagePlace, messageBody({ ...message, chatId: 'c2' }), 'message.chatId'],
    ['a message under another message’s id', { ...messagePlace, rowId: 'm2' }, messageBody(message), 'message.id'],
    ['a message with a broken file ref', messagePlace, messageBody({ ...message, attachments: [{ id: 'f1', kind: 'video', name: 'x' }] }), 'message.attachments[0].kind'],
  ] as const)('%s', (_name, place, body, field) => {
    const check = checkSyncedRow(place, body);
    expect(check.ok ? undefined : check.field).toBe(field);
  });
});
