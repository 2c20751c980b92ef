/// <reference lib="webworker" />
// The search worker: holds the full-text index of every chat (FlexSearch, loaded only here),
// keeps it in step with storage, answers queries and cuts their snippets, all off the page's
// main thread. The page sends a query and gets back a few words per hit, never a message.
import { unwrap } from 'idb';
import { BROADCAST_CHANNEL_NAME, isChangeNotice, type TabNotice } from '../tabs';
import type { ParleyDatabase } from '../persistence';
import { openParleyDb } from '../persistence/db-wrapped';
import { createIdbPersistence } from '../persistence';
import { findMessages } from './find-messages';
import { openIndexKeeper, type IndexKeeper } from './index-keeper';
import { readChatTexts } from './chat-texts';
import type { MessageHit } from '../persistence';
import type { SearchPageMessage, SearchWorkerMessage } from './protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: SearchWorkerMessage) => scope.postMessage(message);
/** The query being answered: an older one stops at its next step. */
let latest = 0;
let db: ParleyDatabase | undefined;
let markOpened: () => void = () => {};
/** Settles once the database is open (or could not be): queries wait for this, not for the index. */
const opened = new Promise<void>((resolve) => (markOpened = resolve));
let keeper: IndexKeeper | undefined;
const pending = new Set<string>();

const report = (error: unknown) => console.warn('[parley] search index:', error);

async function start() {
  const started = performance.now();
  try {
    db = await openParleyDb(indexedDB, {
      // Another tab upgrades the schema: this worker steps aside (its page reloads or scans).
      onVersionChange: () => post({ type: 'state', state: 'failed' }),
    });
    markOpened();
    // Changes are announced on the tabs' channel, this page's own included: listen before reading, miss none.
    const channel = new BroadcastChannel(BROADCAST_CHANNEL_NAME);
    channel.onmessage = (event: MessageEvent) => {
      const notice = event.data as (TabNotice & { app?: unknown }) | null;
      if (notice?.app !== BROADCAST_CHANNEL_NAME || !isChangeNotice(notice) || typeof notice.chatId !== 'string') return;
      if (keeper) keeper.changed(notice.chatId);
      else pending.add(notice.chatId);
    };
    keeper = await openIndexKeeper(db, report);
    for (const chatId of pending) keeper.changed(chatId);
    pending.clear();
    post({ type: 'state', state: 'ready', tookMs: Math.round(performance.now() - started) });
  } catch (error) {
    report(error);
    markOpened();
    post({ type: 'state', state: 'failed' });
  }
}

async function answer(message: Extract<SearchPageMessage, { type: 'query' }>) {
  const { id, query, limit } = message;
  const skipChatIds = new Set(message.skipChatIds);
  const cancelled = () => latest !== id;
  const onHits = (hits: readonly MessageHit[]) => {
    if (!cancelled()) post({ type: 'hits', id, hits });
  };
  if (!db) throw new Error('The search worker has no database');
  if (keeper) {
    await keeper.flush();
    if (cancelled()) return;
    const database = db;
    await findMessages(query, keeper.index.query(query), { limit, skipChatIds, cancelled, onHits, readChats: (ids) => readChatTexts(database, ids) });
  } else {
    // While the first index is being built, the old way: a scan of every message, here rather than on the page.
    const controller = new AbortController();
    const check = setInterval(() => cancelled() && controller.abort(), 10);
    try {
      await createIdbPersistence(unwrap(db) as IDBDatabase).searchMessages(query, { signal: controller.signal, limit, skipChatIds, onBatch: onHits });
    } finally {
      clearInterval(check);
    }
  }
}

void start();

scope.onmessage = async (event: MessageEvent<SearchPageMessage>) => {
  const message = event.data;
  if (message.type === 'cancel') {
    if (latest === message.id) latest = 0;
    return;
  }
  latest = message.id;
  await opened;
  try {
    await answer(message);
    if (latest === message.id) post({ type: 'done', id: message.id });
  } catch (error) {
    if (latest === message.id) post({ type: 'error', id: message.id, message: error instanceof Error ? error.message : String(error) });
  }
};
