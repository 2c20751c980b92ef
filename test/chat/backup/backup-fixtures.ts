import type { StoredAttachment } from '../../../src/chat/persistence/attachment-rows';
import type { ChatPersistence } from '../../../src/chat';
import { createConnectionsStore, type Connection, type ConnectionsStore, type ListModelsFn } from '../../../src/chat/connections';
import { createConnectionEdits } from '../../../src/chat/connections/connection-edits';
import { applyRestore, previewRestore, type RestoreOptions, type RestoreOutcome } from '../../../src/chat/backup/restore';
import { chat, message } from '../fixtures';

/** A history with everything a backup must carry: branches, every message field, files of each kind, settings, connections with keys. */

export const PICTURE_BYTES = new Uint8Array([0, 1, 2, 127, 128, 254, 255, 10, 13]);
export const PDF_BYTES = new Uint8Array([37, 80, 68, 70, 45, 49, 46, 55, 0, 200]);

export const connections: Connection[] = [
  { id: 'oai', name: 'OpenAI', kind: 'openai', baseUrl: 'https://api.openai.com/v1', apiKey: 'sk-secret', apiKeyUrl: 'https://api.openai.com/v1' },
  { id: 'local', name: 'Ollama', kind: 'ollama', baseUrl: 'http://localhost:11434/v1', headers: { 'X-Proxy': 'token' } },
];

export const settings = {
  defaultModel: 'oai/gpt-4o',
  recentModels: ['oai/gpt-4o', 'local/llama3'],
  titleSettings: { generate: false },
  backupReminder: { enabled: true, days: 7 },
  // The context a user set for a model (issue 24).
  modelContexts: { 'local/llama3': 8192 },
};

const branched = chat('c1', 500, { title: 'Branched', model: 'oai/gpt-4o', systemPrompt: 'Be brief', temperature: 0.3, maxTokens: 200, currentLeafId: 'm3', pinned: true, titleSource: 'user' });
const branchedMessages = [
  message('m1', null, 100, { role: 'user', attachments: [{ id: 'a-text', kind: 'text', name: 'notes.txt', size: 5, mimeType: 'text/plain' }] }),
  message('m2', 'm1', 110, {
    model: 'oai/gpt-4o',
    reasoning: 'Thinking hard',
    usage: { promptTokens: 10, completionTokens: 5, totalTokens: 15, reasoningTokens: 2 },
    timing: { firstTokenMs: 120, totalMs: 900, tokensPerSecond: 33.3, thinkingMs: 40, streamingMs: 800 },
    segments: [{ startedAt: 110, firstTokenAt: 120, lastDeltaAt: 900, usage: { completionTokens: 5 } }],
    finishReason: 'stop',
  }),
  message('m2b', 'm1', 120, { status: 'error', error: 'Too many requests', errorCode: 'rate-limited', retryAfterMs: 2000, retryAt: 2120, content: 'Part' }),
  message('m3', 'm2b', 130, { role: 'user', content: 'Go on', attachments: [{ id: 'a-pic', kind: 'image', name: 'cat.jpg', size: 9, mimeType: 'image/jpeg', width: 3, height: 2 }] }),
  message('m4', 'm3', 140, { toolCalls: [{ index: 0, id: 'call1', name: 'search', arguments: '{"q":1}' }], skippedEvents: 2, maxTokens: 200, status: 'stopped' }),
];
const other = chat('c2', 400, { title: 'With a PDF' });
const otherMessages = [
  message('n1', null, 300, { chatId: 'c2', role: 'user', attachments: [{ id: 'a-pdf', kind: 'pdf', name: 'paper.pdf', size: 10, mimeType: 'application/pdf' }] }),
  message('n2', 'n1', 310, { chatId: 'c2' }),
];

export const rows: StoredAttachment[] = [
  { id: 'a-text', kind: 'text', name: 'notes.txt', mimeType: 'text/plain', size: 5, createdAt: 99, text: 'héllo', encodingWarning: true, chatId: 'c1', messageId: 'm1' },
  { id: 'a-pic', kind: 'image', name: 'cat.jpg', mimeType: 'image/jpeg', size: 9, createdAt: 129, width: 3, height: 2, blob: new Blob([PICTURE_BYTES], { type: 'image/jpeg' }), chatId: 'c1', messageId: 'm3' },
  { id: 'a-pdf', kind: 'pdf', name: 'paper.pdf', mimeType: 'application/pdf', size: 10, createdAt: 299, text: 'Page one', pageCount: 1, hasTextLayer: true, asImages: true, source: new Blob([PDF_BYTES], { type: 'application/pdf' }), chatId: 'c2', messageId: 'n1' },
];

/** Writes the history into `p`: two chats, one with three branches, files of each kind, settings and connections. */
export async function seed(p: ChatPersistence, { files = true, withSettings = true } = {}): Promise<void> {
  // happy-dom's Blobs do not survive Node's structuredClone (the memory persistence's): DOM tests leave the files out.
  const filesOf = (chatId: string) => (files ? rows.filter((row) => row.chatId === chatId) : []);
  await p.restoreChat(branched, branchedMessages, undefined, filesOf('c1'));
  await p.restoreChat(other, otherMessages, undefined, filesOf('c2'));
  if (!withSettings) return;
  for (const [key, value] of Object.entries(settings)) await p.putSetting(key, value);
  await p.putSetting('connections', connections);
  await p.putSetting('lastBackupAt', 42);
}

/** Rows with their Blobs replaced by their bytes, so toEqual compares the bytes. */
export async function withBytes(list: readonly StoredAttachment[]): Promise<unknown[]> {
  return Promise.all(
    list.map(async (row) => {
      const copy: Record<string, unknown> = { ...row };
      for (const field of ['blob', 'source'] as const) {
        const blob = (row as unknown as Record<string, Blob | undefined>)[field];
        if (blob) copy[field] = { type: blob.type, bytes: [...new Uint8Array(await blob.arrayBuffer())] };
      }
      return copy;
    }),
  );
}

/** The connections store over `p`'s settings, as the app builds it (edits loaded at once). */
export function connectionsOver(p: ChatPersistence, listModels?: ListModelsFn): ConnectionsStore {
  return createConnectionsStore({ load: (key) => p.getSetting(key), save: (key, value) => p.putSetting(key, value), edits: createConnectionEdits, ...(listModels && { listModels }) });
}

/**
 * A restore as the Data section runs it: the preview, then the apply with the connections at
 * these positions confirmed (none unless asked), added through `connections`.
 */
export async function restore(
  p: ChatPersistence,
  text: string,
  { confirmed = [], connections = connectionsOver(p), ...options }: Omit<RestoreOptions, 'confirmed' | 'addConnection'> & { confirmed?: number[]; connections?: ConnectionsStore } = {},
): Promise<RestoreOutcome> {
  await connections.init();
  const preview = await previewRestore(p, text, connections.getSnapshot().connections);
  const outcome = await applyRestore(p, preview, {
    announce: () => {},
    ...options,
    confirmed: new Set(confirmed),
    addConnection: (connection) => {
      const added = connections.add(connection);
      if (!added.ok) throw new Error(added.error);
    },
  });
  await connections.flush();
  return outcome;
}

/** Everything `p` holds that a restore could touch, as one string: equal strings, equal bytes. */
export async function snapshot(p: ChatPersistence): Promise<string> {
  const chats = await p.listChats();
  const rowsOf = await Promise.all(
    chats.map(async (c) => ({ chat: c, messages: await p.listMessages(c.id), files: await withBytes(await p.listChatAttachments(c.id)) })),
  );
  const keys = ['defaultModel', 'recentModels', 'titleSettings', 'backupReminder', 'lastBackupAt', 'connections', 'modelContexts'];
  const stored = await Promise.all(keys.map(async (key) => [key, await p.getSetting(key)] as const));
  return JSON.stringify({ rowsOf, stored });
}

/** A backup document made by the test, field by field (a crafted one is this with fields changed). */
export function backupDoc<C>(chats: C[], extra: Record<string, unknown> = {}) {
  return { format: 'parley.backup', version: 1, exportedAt: '2025-05-06T00:00:00.000Z', includesApiKeys: false, settings: {}, connections: [], chats, ...extra };
}
