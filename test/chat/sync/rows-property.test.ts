// @vitest-environment node
// Issue 32, finding 1, as a property: random accounts of valid, broken and deeply nested rows
// (seeded, so a failure replays) never lose a valid row, through a first sync (the real test
// server, PouchDB's IndexedDB replica, the bridge, Parley's IndexedDB store) and then through a
// backup of what arrived, restored on another device; a backup file holding broken rows is
// refused whole, naming one of them, and leaves every row already on the device as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/chat/persistence/db';
import { createIdbPersistence } from '../../../src/chat/persistence/idb-persistence';
import type { ChatPersistence } from '../../../src/chat/persistence/persistence';
import { BackupError } from '../../../src/chat/backup/read-backup';
import { writeBackup } from '../../../src/chat/backup/write-backup';
import type { Chat, Message } from '../../../src/chat/types';
import { seededRandom } from '../../support/seeded-random.mjs';
import { startCouchServer, type CouchServer } from '../../support/couch-server/index.mjs';
import { restore } from '../backup/backup-fixtures';
import { idbDevice, serverWith, settled } from './idb-device';

/** Several seeds of a few hundred rows each (about 230 documents): about a second a seed. */
const SEEDS = [1, 2, 3, 32];
const CHATS_PER_ACCOUNT = 90;
const MAX_MESSAGES_PER_CHAT = 3;
/** How often a row is broken, and how often nested too deep (the rest are valid). */
const BROKEN_SHARE = 0.1;
const DEEP_SHARE = 0.06;
/** Past MAX_NESTING_DEPTH (32): just past, and well past (broken-documents.test.ts goes to 1,500, slower to carry). */
const DEPTHS = [33, 200];
const START = Date.UTC(2025, 0, 1);

type Random = () => number;
const pick = <T,>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i += 1) value = { a: value };
  return value;
}

/** Ways a row from elsewhere is broken: each one a field a backup's reader refuses too. */
const BREAK_CHAT: ((chat: Chat) => unknown)[] = [
  () => null,
  (chat) => ({ ...chat, id: undefined }),
  (chat) => ({ ...chat, id: { x: 1 } }),
  (chat) => ({ ...chat, title: 7 }),
  (chat) => ({ ...chat, pinned: 'yes' }),
  (chat) => ({ ...chat, titleSource: 'robot' }),
];
const BREAK_MESSAGE: ((message: Message) => unknown)[] = [
  () => null,
  (message) => ({ ...message, id: undefined }),
  (message) => ({ ...message, id: { x: 1 } }),
  (message) => ({ ...message, role: 'robot' }),
  (message) => ({ ...message, content: 5 }),
  (message) => ({ ...message, status: undefined }),
];

type Fate = 'valid' | 'broken' | 'deep';
const fateOf = (random: Random): Fate => {
  const roll = random();
  return roll < BROKEN_SHARE ? 'broken' : roll < BROKEN_SHARE + DEEP_SHARE ? 'deep' : 'valid';
};

interface Account {
  /** The documents, shuffled (a message may come before or after its chat). */
  docs: object[];
  /** Rows that must arrive: valid chats, and the valid messages of valid chats. */
  chats: Chat[];
  messages: Message[];
  /** Chats with any broken or deep document: the ones to be named. */
  named: Set<string>;
  /** Documents that cannot be stored: the broken and deep ones, and the valid messages of a broken chat. */
  unapplied: number;
}

function account(seed: number): Account {
  const random = seededRandom(seed);
  const out: Account = { docs: [], chats: [], messages: [], named: new Set(), unapplied: 0 };
  for (let c = 0; c < CHATS_PER_ACCOUNT; c += 1) {
    const chatId = `s${seed}c${c}`;
    const chat: Chat = { id: chatId, title: `Chat ${c} of seed ${seed}`, titleSource: 'user', createdAt: START + c, updatedAt: START + c, pinned: random() < 0.2 };
    const chatFate = fateOf(random);
    const body = chatFate === 'valid' ? chat : chatFate === 'deep' ? { ...chat, extra: nested(pick(random, DEPTHS)) } : pick(random, BREAK_CHAT)(chat);
    out.docs.push({ _id: `chat:${chatId}`, type: 'chat', changedAt: START + c, chat: body });
    if (chatFate === 'valid') out.chats.push(chat);
    else {
      out.named.add(chatId);
      out.unapplied += 1;
    }
    const count = Math.floor(random() * (MAX_MESSAGES_PER_CHAT + 1));
    for (let m = 0; m < count; m += 1) {
      // Roots, siblings of each other: no valid message hangs from a broken one (docs/sync.md, "Unfinished").
      const message: Message = { id: `${chatId}m${m}`, chatId, parentId: null, role: m % 2 ? 'assistant' : 'user', content: `Message ${m}`, status: 'complete', createdAt: START + c * 10 + m };
      const fate = fateOf(random);
      const row = fate === 'valid' ? message : fate === 'deep' ? { ...message, usage: nested(pick(random, DEPTHS)) } : pick(random, BREAK_MESSAGE)(message);
      out.docs.push({ _id: `msg:${chatId}:${message.id}`, type: 'msg', changedAt: message.createdAt, message: row });
      if (fate === 'valid' && chatFate === 'valid') out.messages.push(message);
      else out.unapplied += 1;
      if (fate !== 'valid') out.named.add(chatId);
    }
  }
  // Fisher–Yates, seeded.
  for (let i = out.docs.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out.docs[i], out.docs[j]] = [out.docs[j]!, out.docs[i]!];
  }
  return out;
}

let stores = 0;
const freshStore = async () => createIdbPersistence(await openDatabase(indexedDB, { name: `restored-${++stores}` }));

async function expectRows(persistence: ChatPersistence, { chats, messages }: Pick<Account, 'chats' | 'messages'>): Promise<void> {
  const byId = <T extends { id: string }>(rows: readonly T[]) => [...rows].sort((a, b) => (a.id < b.id ? -1 : 1));
  expect(byId(await persistence.listChats())).toEqual(byId(chats));
  const stored = (await Promise.all(chats.map((chat) => persistence.listMessages(chat.id)))).flat();
  expect(byId(stored)).toEqual(byId(messages));
}

let couch: CouchServer;
beforeAll(async () => {
  couch = await startCouchServer();
});
afterAll(async () => couch?.close());

describe('random accounts of valid, broken and deeply nested rows', () => {
  it.each(SEEDS)('seed %i: a first sync stores every valid row and names every chat with a broken one; a backup of it restores every row', async (seed) => {
    const generated = account(seed);
    expect(generated.docs.length).toBeGreaterThan(150);
    const device = await idbDevice(couch, await serverWith(couch, generated.docs));
    await device.start();
    try {
      await settled(device);
      await expectRows(device.persistence, generated);
      expect(new Set(device.refusals.map((refusal) => refusal.chatId))).toEqual(generated.named);
      expect(device.statuses.at(-1)).toEqual(generated.unapplied > 0 ? { state: 'incomplete', unapplied: generated.unapplied } : { state: 'synced' });
    } finally {
      await device.stop();
    }

    // What arrived backs up and restores whole on another device (a row sync let in that a backup refuses would lose them all).
    const backup = await (await writeBackup(device.persistence, { now: () => START })).blob.text();
    const other = await freshStore();
    const outcome = await restore(other, backup);
    expect(outcome).toMatchObject({ chats: generated.chats.length, messages: generated.messages.length });
    await expectRows(other, generated);
  }, 60_000);

  it.each(SEEDS)('seed %i: a backup with broken rows is refused, naming one, and every row already on the device stays', async (seed) => {
    const random = seededRandom(seed * 7919);
    // A device with valid rows of its own, and a valid backup of other rows to be broken.
    const here = account(seed + 1000);
    const device = await freshStore();
    for (const chat of here.chats) await device.createChat(chat, here.messages.filter((message) => message.chatId === chat.id));
    const source = account(seed + 2000);
    const sourceStore = await freshStore();
    for (const chat of source.chats) await sourceStore.createChat(chat, source.messages.filter((message) => message.chatId === chat.id));
    const file = JSON.parse(await (await writeBackup(sourceStore, { now: () => START })).blob.text()) as { chats: { chat: Chat; messages: Message[] }[] };

    const broken = new Set<number>();
    for (let k = 0; k < 3; k += 1) {
      const index = Math.floor(random() * file.chats.length);
      const entry = file.chats[index]!;
      const message = entry.messages.length > 0 && random() < 0.5 ? Math.floor(random() * entry.messages.length) : undefined;
      const deep = random() < 0.3;
      if (message === undefined) entry.chat = (deep ? { ...entry.chat, extra: nested(pick(random, DEPTHS)) } : pick(random, BREAK_CHAT)(entry.chat)) as Chat;
      else entry.messages[message] = (deep ? { ...entry.messages[message]!, usage: nested(pick(random, DEPTHS)) } : pick(random, BREAK_MESSAGE)(entry.messages[message]!)) as Message;
      broken.add(index);
    }
    const error = await restore(device, JSON.stringify(file)).then(() => undefined, (failure: unknown) => failure);
    expect(error).toBeInstanceOf(BackupError);
    const { code, params } = error as BackupError;
    // The entry named (too-deep names the field's path in the file) is one that was broken.
    const named = code === 'too-deep' ? Number(/^chats\[(\d+)\]/.exec(String(params.field))?.[1]) : Number(params.index) - 1;
    expect(['invalid-entry', 'too-deep']).toContain(code);
    expect(broken).toContain(named);
    await expectRows(device, here);

    // The same file without its broken entries restores every one of its rows.
    const whole = { ...file, chats: file.chats.filter((_entry, index) => !broken.has(index)) };
    const kept = new Set(whole.chats.map((entry) => entry.chat.id));
    await restore(device, JSON.stringify(whole));
    await expectRows(device, { chats: [...here.chats, ...source.chats.filter((chat) => kept.has(chat.id))], messages: [...here.messages, ...source.messages.filter((message) => kept.has(message.chatId))] });
  }, 30_000);
});
