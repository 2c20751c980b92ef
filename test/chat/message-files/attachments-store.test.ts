// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { ChatModelError, type ChatPersistence } from '../../../src/chat';
import { AttachmentSaveError } from '../../../src/chat/message-files';
import { REJECTS_IMAGES_REASON } from '../../../src/chat/replies/generation';
import { createImageProcessor } from '../../../src/chat/attachments/image-client';
import { createMemoryPersistence } from '../../../src/chat/persistence/memory-persistence';
import { draftAttachmentsOf } from '../../../src/chat/message-files/use-draft-attachments';
import { createScriptedModel, textSteps } from '../../support/scripted-model';
import { disposeStores, idle, makeStore, messagesOf, persistences } from '../store-harness';

/** Attachments through the store: drafts, sending, the request's content parts, delete and Undo, quota, refusals. */

const PIXELS = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
// happy-dom has no canvas: the "downscaled" picture is these bytes.
const images = createImageProcessor({ onPage: async () => ({ blob: new Blob([PIXELS], { type: 'image/jpeg' }), mimeType: 'image/jpeg', width: 800, height: 600 }) });
const settings = { images };

const photo = () => new File([new Uint8Array(4000)], 'photo.jpg', { type: 'image/jpeg' });
const notes = () => new File(['the secret word is ostrich'], 'notes.txt', { type: 'text/plain' });

afterEach(disposeStores);

const echo = () => createScriptedModel({ replies: () => [...textSteps('ok'), { delta: { type: 'finish', reason: 'stop' } }] });

describe.each(persistences)('attachments with %s', (_, open) => {
  async function draftWith(persistence: ChatPersistence, key: string, files: File[], model = echo()) {
    const harness = makeStore({ persistence, model, attachments: settings });
    await harness.store.init();
    const drafts = draftAttachmentsOf(harness.store);
    const refused = await drafts.add(key, files);
    await drafts.settled(key);
    return { ...harness, drafts, refused, model };
  }

  it('keeps a draft’s files across a new store (a reload), refusing an unsupported file by name', async () => {
    const persistence = await open();
    const first = await draftWith(persistence, 'home', [photo(), new File(['MZ'], 'report.exe'), notes()]);
    expect(first.refused).toEqual([{ name: 'report.exe', code: 'unsupported-type' }]);
    expect(first.drafts.get('home').items.map((item) => [item.name, item.state])).toEqual([
      ['photo.jpg', 'ready'],
      ['notes.txt', 'ready'],
    ]);
    first.store.dispose();

    const { store } = makeStore({ persistence, attachments: settings });
    const drafts = draftAttachmentsOf(store);
    await drafts.load('home');
    const items = drafts.get('home').items;
    expect(items.map((item) => [item.name, item.kind, item.state])).toEqual([
      ['photo.jpg', 'image', 'ready'],
      ['notes.txt', 'text', 'ready'],
    ]);
    expect(drafts.get('home').totalTokens).toBeGreaterThan(0);
    // Removing a file deletes its row at once.
    await drafts.remove('home', items[1]!.id);
    expect((await persistence.listDraftAttachments('home')).map((row) => row.name)).toEqual(['photo.jpg']);
  });

  it('sends a draft’s files as content parts, moves their rows to the message, and regenerates with the same parts', async () => {
    const persistence = await open();
    const { store, drafts, model } = await draftWith(persistence, 'home', [notes(), photo()]);
    const outcome = await drafts.sendWith('home', (attachments) => store.createChat({ text: 'What is this?', attachments }).then((r) => r.chatId));
    expect(outcome.status).toBe('sent');
    const chatId = (outcome as { messageId: string }).messageId;
    expect(drafts.get('home').items).toEqual([]);
    expect(store.takePendingReply(chatId)).toBe(true);
    await idle(store);

    const content = model.calls[0]!.messages.at(-1)!.content;
    expect(Array.isArray(content)).toBe(true);
    const parts = content as Exclude<typeof content, string>;
    expect(parts[0]).toEqual({ type: 'text', text: expect.stringContaining('the secret word is ostrich') });
    expect((parts[0] as { text: string }).text).toMatch(/notes\.txt[\s\S]*What is this\?$/);
    expect(parts[1]).toEqual({ type: 'image_url', image_url: { url: `data:image/jpeg;base64,${Buffer.from(PIXELS).toString('base64')}` } });

    const user = messagesOf(store, chatId)[0]!;
    expect(user.attachments?.map((ref) => ref.name)).toEqual(['notes.txt', 'photo.jpg']);
    expect(await persistence.listDraftAttachments('home')).toEqual([]);
    expect((await persistence.listChatAttachments(chatId)).map((row) => row.messageId)).toEqual([user.id, user.id]);

    store.regenerate(messagesOf(store, chatId)[1]!.id);
    await idle(store);
    expect(model.calls[1]!.messages.at(-1)!.content).toEqual(content);
  });

  it('deletes a message’s files with it and Undo brings them back; deleting the chat too', async () => {
    const persistence = await open();
    const { store, drafts } = await draftWith(persistence, 'home', [photo()]);
    const outcome = await drafts.sendWith('home', (attachments) => store.createChat({ text: 'look', attachments }).then((r) => r.chatId));
    const chatId = (outcome as { messageId: string }).messageId;
    const user = messagesOf(store, chatId)[0]!;
    const id = user.attachments![0]!.id;

    const undo = await store.deleteMessage(user.id);
    expect(await persistence.getAttachments([id])).toEqual([]);
    await undo();
    expect((await store.loadAttachmentBlob(id))?.size).toBe(PIXELS.length);

    const undoChat = await store.deleteChat(chatId);
    expect(await persistence.getAttachments([id])).toEqual([]);
    await undoChat();
    expect((await persistence.getAttachments([id])).map((row) => row.name)).toEqual(['photo.jpg']);
  });

  it('exports a chat’s files as base64', async () => {
    const persistence = await open();
    const { store, drafts } = await draftWith(persistence, 'home', [photo(), notes()]);
    const outcome = await drafts.sendWith('home', (attachments) => store.createChat({ text: 'x', attachments }).then((r) => r.chatId));
    const exported = await store.exportChat((outcome as { messageId: string }).messageId, 0);
    expect(exported?.attachments?.version).toBe(1);
    expect(exported?.attachments?.items.map((item) => [item.name, item.data ?? item.text])).toEqual([
      ['photo.jpg', Buffer.from(PIXELS).toString('base64')],
      ['notes.txt', 'the secret word is ostrich'],
    ]);
  });
});

describe('storage full', () => {
  it('keeps the files in the draft, says how much space is left, and sends nothing', async () => {
    const persistence = createMemoryPersistence();
    const full = new DOMException('The quota has been exceeded', 'QuotaExceededError');
    const refusing: ChatPersistence = {
      ...persistence,
      putAttachment: () => Promise.reject(full),
      putMessageWithAttachments: () => Promise.reject(full),
    };
    const estimateStorage = async () => ({ usage: 990, quota: 1000 });
    const model = echo();
    const { store } = makeStore({ persistence: refusing, model, attachments: settings, estimateStorage });
    await store.init();
    const drafts = draftAttachmentsOf(store);
    await drafts.add('home', [notes()]);
    await drafts.settled('home');
    expect(drafts.get('home').items.map((item) => [item.state, item.unsaved])).toEqual([['ready', true]]);
    expect(drafts.get('home').storageFull).toEqual({ usage: { used: 990, quota: 1000 } });

    const outcome = await drafts.sendWith('home', (attachments) => store.createChat({ text: 'hi', attachments }).then((r) => r.chatId));
    expect(outcome).toEqual({ status: 'storage-full', usage: { used: 990, quota: 1000 } });
    expect(drafts.get('home').items.map((item) => item.name)).toEqual(['notes.txt']);
    expect(store.getSnapshot().chats).toEqual([]);
    expect(model.calls).toEqual([]);
    await expect(store.createChat({ text: 'hi', attachments: [drafts.get('home').items[0]!.attachment!] })).rejects.toBeInstanceOf(AttachmentSaveError);
  });
});

describe('a model that refuses pictures', () => {
  it('marks the reply, and resends the text and the other files as a new version without the picture', async () => {
    const model = createScriptedModel({
      replies: (request) =>
        request.messages.some((m) => Array.isArray(m.content))
          ? [{ error: new ChatModelError('server-error', 'image input is not supported - hint: you may need to provide the mmproj', { status: 500 }) }]
          : [...textSteps('fine'), { delta: { type: 'finish', reason: 'stop' } }],
    });
    const persistence = createMemoryPersistence();
    const { store } = makeStore({ persistence, model, attachments: settings });
    await store.init();
    const drafts = draftAttachmentsOf(store);
    await drafts.add('home', [photo(), notes()]);
    await drafts.settled('home');
    const outcome = await drafts.sendWith('home', (attachments) => store.createChat({ text: 'describe', attachments }).then((r) => r.chatId));
    const chatId = (outcome as { messageId: string }).messageId;
    store.takePendingReply(chatId);
    await idle(store);
    const failed = messagesOf(store, chatId)[1]!;
    expect([failed.status, failed.errorCode, failed.errorReason]).toEqual(['error', 'server-error', REJECTS_IMAGES_REASON]);

    const resent = await store.resendWithoutImages(failed.id);
    await idle(store);
    const again = messagesOf(store, chatId).find((m) => m.id === resent)!;
    expect(again.parentId).toBeNull();
    expect(again.attachments?.map((ref) => ref.name)).toEqual(['notes.txt']);
    const content = model.calls[1]!.messages.at(-1)!.content;
    expect(typeof content).toBe('string');
    expect(content).toMatch(/ostrich[\s\S]*describe$/);
    expect(messagesOf(store, chatId).find((m) => m.parentId === resent)?.content).toBe('fine');
  });
});
