import type { StoredAttachment } from '../persistence';
import { attachmentRef, type Attachment } from '../attachments';
import { newId } from '../../lib/ids';
import type { ImportBatch } from '../persistence';
import { autoTitle, DEFAULT_UNTITLED_TITLE } from '../shapes';
import { MAX_NAME_CHARS, readLibraryRecord } from '../shapes/library-record';
import type { Chat, LibraryProject, Message } from '../types';
import type { ImportedChat, ImportedMessage, ImportedProject } from './types';

/** Parley's rows for imported chats: fresh ids (sorting by creation time, as the app's own), the tree kept by parent ids. */

function filesOf(message: ImportedMessage, chatId: string, messageId: string): StoredAttachment[] {
  const owner = { chatId, messageId };
  const images = (message.images ?? []).map(
    (image): Attachment => ({
      id: newId(message.createdAt),
      kind: 'image',
      name: image.name,
      mimeType: image.mimeType,
      size: image.blob.size,
      createdAt: message.createdAt,
      width: image.width,
      height: image.height,
      blob: image.blob,
    }),
  );
  const texts = (message.texts ?? []).map(
    (file): Attachment => ({
      id: newId(message.createdAt),
      kind: 'text',
      name: file.name,
      mimeType: 'text/plain',
      size: new TextEncoder().encode(file.text).length,
      createdAt: message.createdAt,
      text: file.text,
    }),
  );
  return [...images, ...texts].map((attachment) => ({ ...attachment, ...owner }) as StoredAttachment);
}

/** The project as a library row, checked as any row from outside is (readLibraryRecord): one past its limits is refused, with why. */
export function projectRow(imported: ImportedProject): { ok: true; record: LibraryProject } | { ok: false; reason: string } {
  const at = imported.createdAt;
  const row: LibraryProject = {
    id: newId(at),
    kind: 'project',
    name: (imported.name || DEFAULT_UNTITLED_TITLE).slice(0, MAX_NAME_CHARS),
    createdAt: at,
    updatedAt: Math.max(imported.updatedAt, at),
    ...(imported.description && { description: imported.description }),
    ...(imported.instructions && { instructions: imported.instructions }),
    files: imported.files.map((file) => ({
      id: newId(file.createdAt),
      name: file.name,
      kind: 'text',
      mimeType: 'text/plain',
      size: new TextEncoder().encode(file.text).length,
      text: file.text,
      addedAt: file.createdAt,
    })),
    source: { ...imported.source },
  };
  const check = readLibraryRecord(row);
  return check.ok ? { ok: true, record: check.record as LibraryProject } : { ok: false, reason: check.reason };
}

/** Adds one chat's rows to the batch, in the project `projectId` when given. */
export function addChatRows(batch: ImportBatch, imported: ImportedChat, projectId?: string): void {
  const chatId = newId(imported.createdAt);
  const ids = new Map<string, string>();
  for (const source of imported.messages) {
    const id = newId(source.createdAt);
    ids.set(source.sourceId, id);
    const files = filesOf(source, chatId, id);
    const message: Message = {
      id,
      chatId,
      parentId: source.parentSourceId === null ? null : (ids.get(source.parentSourceId) ?? null),
      role: source.role,
      content: source.content,
      status: 'complete',
      createdAt: source.createdAt,
      ...(source.model && { model: source.model }),
      ...(source.reasoning && { reasoning: source.reasoning }),
      ...(source.thinkingMs !== undefined && { timing: { thinkingMs: source.thinkingMs } }),
      ...(source.toolCalls && {
        toolCalls: source.toolCalls.map(({ id, name, arguments: args, state }, index) => ({ index, id, name, arguments: args, state })),
      }),
      ...(source.toolCallId !== undefined && { toolCallId: source.toolCallId }),
      ...(source.isError && { isError: true }),
      ...(source.citations?.length && { citations: source.citations }),
      ...(files.length && { attachments: files.map((row) => attachmentRef(row as Attachment)) }),
    };
    batch.messages.push(message);
    batch.attachments.push(...files);
  }
  const title = imported.title.trim();
  const firstUser = imported.messages.find((m) => m.role === 'user');
  const chat: Chat = {
    id: chatId,
    title: title || (firstUser ? autoTitle(firstUser.content) : DEFAULT_UNTITLED_TITLE),
    titleSource: title ? 'user' : 'auto',
    createdAt: imported.createdAt,
    updatedAt: Math.max(imported.updatedAt, imported.createdAt),
    pinned: false,
    source: { ...imported.source },
    ...(imported.model && { model: imported.model }),
    ...(imported.currentLeafSourceId && ids.has(imported.currentLeafSourceId) && { currentLeafId: ids.get(imported.currentLeafSourceId) }),
    ...(projectId !== undefined && { projectId }),
  };
  batch.chats.push(chat);
}
