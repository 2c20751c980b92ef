/**
 * Messages typed while a reply streams (issue 24), outside React: a queue per chat, sent in order
 * as each reply ends well. A failed or stopped reply leaves the queue waiting for the user; a
 * queue read back from storage (a reload, another tab) is paused until the user says Send. One
 * tab sends a queued message: it is claimed by taking it out of the stored row under a Web Lock
 * per chat, and a tab that finds it gone sends nothing.
 */
import { newId } from '../../lib/ids';
import type { ChatStore } from '../store';
import { replyingMessageId, type ChatStoreSnapshot } from '../state';
import { indexMessages, resolveLeaf } from '../shapes';
import type { LockManagerLike } from '../tabs';
import type { QueueIo } from './queue-io';
import type { QueuedMessage } from './queued-message';

/** `queued`: goes when the reply ends well. `paused`: waits for the user (read back after a reload, or the reply failed or was stopped). */
export type QueuedState = 'queued' | 'paused' | 'sending';

export interface QueuedItem extends QueuedMessage {
  state: QueuedState;
}

/** Why a chat's queue waits for the user: the reply before it failed, or the user stopped it. */
export type QueueHalt = 'error' | 'stopped';

export interface ChatQueue {
  items: readonly QueuedItem[];
  halted?: QueueHalt;
}

const EMPTY_QUEUE: ChatQueue = { items: [] };

/** The chat store as the queue uses it. */
export type QueueChatStore = Pick<ChatStore, 'getSnapshot' | 'subscribe' | 'sendMessage' | 'stopChat'>;

/** A channel to the other tabs (BroadcastChannel's shape). */
export interface QueueChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close?(): void;
}

export interface MessageQueueOptions {
  chats: QueueChatStore;
  io: QueueIo;
  locks: LockManagerLike | null;
  channel: QueueChannel | null;
  now?: () => number;
}

export interface MessageQueue {
  /** Reads the chat's stored queue (once per chat, and again when another tab changes it). */
  load(chatId: string): Promise<void>;
  get(chatId: string): ChatQueue;
  subscribe(listener: () => void): () => void;
  /** Queues `text` behind the chat's streaming reply; false when nothing was queued (empty, or storage refused it). */
  enqueue(chatId: string, text: string): Promise<boolean>;
  edit(chatId: string, id: string, text: string): Promise<void>;
  remove(chatId: string, id: string): Promise<void>;
  /** Sends it now: a streaming reply is stopped first (keeping what arrived). False when another tab sent it, or it is gone. */
  sendNow(chatId: string, id: string): Promise<boolean>;
  dispose(): void;
}

/** The lock under which a tab claims a chat's queued message (Web Locks are per origin, so per browser profile). */
const QUEUE_LOCK_PREFIX = 'parley-queue:';
/** How long Send now waits for a reply streaming in another tab to stop before it gives up (the message stays, paused). */
const STOP_WAIT_MS = 5000;
export const QUEUE_CHANNEL = 'parley-queue';

interface QueueNotice {
  type: 'queue-changed';
  chatId: string;
}

const isNotice = (data: unknown): data is QueueNotice =>
  typeof data === 'object' && data !== null && (data as QueueNotice).type === 'queue-changed' && typeof (data as QueueNotice).chatId === 'string';

/** A chat whose reply streams, or whose reply's tool calls wait or run: its queue waits. */
function chatBusy(s: ChatStoreSnapshot, chatId: string): boolean {
  if (replyingMessageId(s, chatId) !== undefined) return true;
  return s.messages.get(chatId)?.some((m) => m.toolCalls?.some((call) => call.state === 'pending' || call.state === 'running')) ?? false;
}

/** How the chat's last reply ended: well ('complete'), or not (failed, stopped), or there is none yet. */
function lastReplyStatus(s: ChatStoreSnapshot, chatId: string): string | undefined {
  const chat = s.chats.find((c) => c.id === chatId);
  const list = s.messages.get(chatId);
  if (!chat || !list) return undefined;
  const index = indexMessages(list);
  const leaf = index.byId.get(resolveLeaf(index, chat.currentLeafId) ?? '');
  return leaf?.role === 'assistant' ? leaf.status : undefined;
}

const stored = (items: readonly QueuedItem[]): QueuedMessage[] => items.map(({ id, chatId, text, createdAt }) => ({ id, chatId, text, createdAt }));

export function createMessageQueue({ chats, io, locks, channel, now = Date.now }: MessageQueueOptions): MessageQueue {
  const queues = new Map<string, ChatQueue>();
  const loaded = new Map<string, Promise<void>>();
  /** Chats whose head is being sent: the queue does not move until that send settles. */
  const sending = new Set<string>();
  const listeners = new Set<() => void>();
  /** Whether each chat was busy at the last look: a queue moves when its reply ends. */
  const wasBusy = new Map<string, boolean>();

  const set = (chatId: string, next: ChatQueue) => {
    queues.set(chatId, next);
    for (const listener of [...listeners]) listener();
  };
  const get = (chatId: string) => queues.get(chatId) ?? EMPTY_QUEUE;
  const tell = (chatId: string) => channel?.postMessage({ type: 'queue-changed', chatId } satisfies QueueNotice);

  const save = async (chatId: string) => {
    const ok = await io.write(chatId, stored(get(chatId).items));
    if (ok) tell(chatId);
    return ok;
  };

  /** Reads the stored row: what this tab knew keeps its state; what it did not (a reload, another tab) comes back paused. */
  const read = async (chatId: string) => {
    const rows = await io.read(chatId);
    const known = new Map(get(chatId).items.map((item) => [item.id, item]));
    const items = rows.map((row): QueuedItem => ({ ...row, state: known.get(row.id)?.state ?? 'paused' }));
    // A message being sent here was taken out of the row already; it stays shown until it is.
    for (const item of known.values()) if (item.state === 'sending' && !items.some((i) => i.id === item.id)) items.push(item);
    set(chatId, { ...get(chatId), items });
  };

  /** Takes the message out of the stored row, under the chat's lock: true when this tab took it (no other tab has). */
  const claim = async (chatId: string, id: string): Promise<boolean> => {
    const take = async () => {
      const rows = await io.read(chatId);
      if (!rows.some((row) => row.id === id)) return false;
      return io.write(
        chatId,
        rows.filter((row) => row.id !== id),
      );
    };
    if (!locks) return take();
    return (await locks.request(QUEUE_LOCK_PREFIX + chatId, take)) === true;
  };

  const drop = (chatId: string, id: string) => {
    const queue = get(chatId);
    set(chatId, { ...queue, items: queue.items.filter((item) => item.id !== id) });
  };

  /** Resolves once the chat has no reply streaming (in any tab), or after `timeoutMs`. */
  const idle = (chatId: string, timeoutMs: number) =>
    new Promise<void>((resolve) => {
      if (!chatBusy(chats.getSnapshot(), chatId)) return resolve();
      const done = () => {
        clearTimeout(timer);
        stop();
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      const stop = chats.subscribe(() => {
        if (!chatBusy(chats.getSnapshot(), chatId)) done();
      });
    });

  /** Claims and sends one message (`stopFirst`: stopping the chat's reply once it is claimed); the rest wait for its reply. */
  const send = async (chatId: string, item: QueuedItem, stopFirst = false): Promise<boolean> => {
    sending.add(chatId);
    const queue = get(chatId);
    set(chatId, { halted: undefined, items: queue.items.map((i) => (i.id === item.id ? { ...i, state: 'sending' } : i)) });
    try {
      if (!(await claim(chatId, item.id))) {
        // Another tab sent it (or it was removed there): nothing is stopped or sent here.
        drop(chatId, item.id);
        return false;
      }
      tell(chatId);
      if (stopFirst && chatBusy(chats.getSnapshot(), chatId)) {
        chats.stopChat(chatId);
        // A reply streaming in another tab stops there: this tab sends once it has.
        await idle(chatId, STOP_WAIT_MS);
      }
      const sentId = await chats.sendMessage(chatId, get(chatId).items.find((i) => i.id === item.id)?.text ?? item.text);
      if (sentId === undefined) {
        // Not sent (another tab's reply still streams, the chat is gone): it goes back, paused, and is kept.
        const back = get(chatId);
        set(chatId, { ...back, items: back.items.map((i) => (i.id === item.id ? { ...i, state: 'paused' } : i)) });
        await save(chatId);
        return false;
      }
      drop(chatId, item.id);
      return true;
    } finally {
      sending.delete(chatId);
      wasBusy.set(chatId, chatBusy(chats.getSnapshot(), chatId));
    }
  };

  /** After each change of the chat store: a reply that ended moves its chat's queue on, or halts it. */
  const step = () => {
    const s = chats.getSnapshot();
    for (const [chatId, queue] of queues) {
      const busy = chatBusy(s, chatId);
      const before = wasBusy.get(chatId) ?? false;
      wasBusy.set(chatId, busy);
      if (busy || !before || sending.has(chatId)) continue;
      const head = queue.items[0];
      if (!head || head.state !== 'queued') continue;
      const status = lastReplyStatus(s, chatId);
      if (status === 'complete') {
        void send(chatId, head);
        continue;
      }
      // Failed or stopped: nothing goes into that state without the user.
      set(chatId, { halted: status === 'stopped' ? 'stopped' : 'error', items: queue.items.map((i) => (i.state === 'queued' ? { ...i, state: 'paused' } : i)) });
    }
  };
  const unsubscribe = chats.subscribe(step);

  const onMessage = (event: MessageEvent) => {
    if (isNotice(event.data) && loaded.has(event.data.chatId)) void read(event.data.chatId);
  };
  channel?.addEventListener('message', onMessage);

  const api: MessageQueue = {
    load(chatId) {
      let loading = loaded.get(chatId);
      if (!loading) {
        loading = read(chatId);
        loaded.set(chatId, loading);
      }
      return loading;
    },
    get,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async enqueue(chatId, text) {
      const content = text.trim();
      if (content === '') return false;
      await api.load(chatId);
      const queue = get(chatId);
      const item: QueuedItem = { id: newId(), chatId, text: content, createdAt: now(), state: 'queued' };
      wasBusy.set(chatId, chatBusy(chats.getSnapshot(), chatId));
      set(chatId, { ...queue, items: [...queue.items, item] });
      if (!(await save(chatId))) {
        drop(chatId, item.id);
        return false;
      }
      // The reply ended while this was being stored: it moves on now rather than at the next reply.
      if (!chatBusy(chats.getSnapshot(), chatId)) {
        wasBusy.set(chatId, true);
        step();
      }
      return true;
    },
    async edit(chatId, id, text) {
      const content = text.trim();
      const queue = get(chatId);
      if (content === '' || !queue.items.some((item) => item.id === id && item.state !== 'sending')) return;
      set(chatId, { ...queue, items: queue.items.map((item) => (item.id === id ? { ...item, text: content } : item)) });
      await save(chatId);
    },
    async remove(chatId, id) {
      const queue = get(chatId);
      if (!queue.items.some((item) => item.id === id && item.state !== 'sending')) return;
      const items = queue.items.filter((item) => item.id !== id);
      set(chatId, { halted: items.length > 0 ? queue.halted : undefined, items });
      await save(chatId);
    },
    async sendNow(chatId, id) {
      const item = get(chatId).items.find((i) => i.id === id);
      if (!item || item.state === 'sending' || sending.has(chatId)) return false;
      return send(chatId, item, true);
    },
    dispose() {
      unsubscribe();
      channel?.close?.();
      listeners.clear();
    },
  };
  return api;
}
