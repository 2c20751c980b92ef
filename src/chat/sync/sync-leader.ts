import type { SyncStatusSnapshot } from './sync-status-store';

/**
 * One replication per browser, not one per tab (issue 25): the tabs with sync on ask for one Web
 * Lock; the tab holding it leads (runs the replication and the bridge), the others follow. A
 * follower's own writes reach the leader as "export this chat" notices, and it shows the leader's
 * status; what the leader applies reaches every tab through the store's cross-tab refresh
 * (announceReplicatedChats). When the leader's tab closes, the browser releases its lock and the
 * next tab waiting for it starts replicating at once. Without Web Locks every tab leads.
 */

export const SYNC_LOCK_NAME = 'parley-sync';
export const SYNC_CHANNEL_NAME = 'parley-sync';
/** A follower waits this long for the leader to fetch a file before showing it as missing. */
const FETCH_TIMEOUT_MS = 30_000;

export type SyncTabMessage =
  | { type: 'export'; chatId: string }
  | { type: 'status'; status: SyncStatusSnapshot }
  | { type: 'status-query' }
  /** Settings changed in some tab: every tab reads them again (restart, or stop). */
  | { type: 'config-changed' }
  | { type: 'fetch'; chatId: string; attachmentId: string; request: string }
  | { type: 'fetched'; request: string };

interface LockManager {
  request(name: string, options: { signal: AbortSignal }, callback: () => Promise<unknown>): Promise<unknown>;
}

export interface SyncChannel {
  post(message: SyncTabMessage): void;
  listen(listener: (message: SyncTabMessage) => void): () => void;
  close(): void;
}

const MESSAGE_TYPES = new Set(['export', 'status', 'status-query', 'config-changed', 'fetch', 'fetched']);

/** The tabs' sync channel (a no-op without BroadcastChannel). Messages are checked by type only: every field is read as a string or a status the store shows as text. */
export function openSyncChannel(): SyncChannel {
  if (typeof BroadcastChannel !== 'function') return { post() {}, listen: () => () => {}, close() {} };
  const channel = new BroadcastChannel(SYNC_CHANNEL_NAME);
  return {
    post(message) {
      try {
        channel.postMessage(message);
      } catch {
        // The page is going away: no one left to tell.
      }
    },
    listen(listener) {
      const onMessage = (event: MessageEvent) => {
        const data = event.data as { type?: unknown } | null;
        if (typeof data === 'object' && data !== null && typeof data.type === 'string' && MESSAGE_TYPES.has(data.type)) listener(data as SyncTabMessage);
      };
      channel.addEventListener('message', onMessage);
      return () => channel.removeEventListener('message', onMessage);
    },
    close: () => channel.close(),
  };
}

export interface Leadership {
  /** Gives up leading (or waiting to lead): resolves once `lead`'s stop has run. */
  release(): Promise<void>;
}

/**
 * Runs `lead` when this tab holds the sync lock (at once without Web Locks), until released or
 * the tab closes; `lead` resolves with how to stop.
 */
export function leadWhenElected(lead: () => Promise<() => Promise<void>>, locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks): Leadership {
  const waiting = new AbortController();
  let letGo = () => {};
  const released = new Promise<void>((resolve) => (letGo = resolve));
  let stopped: Promise<void> = Promise.resolve();
  const hold = async () => {
    if (waiting.signal.aborted) return;
    const stop = await lead();
    stopped = released.then(stop);
    await stopped;
  };
  const held = locks ? locks.request(SYNC_LOCK_NAME, { signal: waiting.signal }, hold).catch(() => undefined) : hold();
  return {
    async release() {
      waiting.abort();
      letGo();
      await held;
      await stopped;
    },
  };
}

/** A follower's way to a file: the leader fetches it into storage and says so; the caller reads it there. */
export function askLeaderToFetch(channel: SyncChannel, chatId: string, attachmentId: string): Promise<boolean> {
  const request = `${attachmentId}:${Math.random().toString(36).slice(2)}`;
  return new Promise((resolve) => {
    const timer = setTimeout(() => finish(false), FETCH_TIMEOUT_MS);
    const stop = channel.listen((message) => message.type === 'fetched' && message.request === request && finish(true));
    function finish(done: boolean) {
      clearTimeout(timer);
      stop();
      resolve(done);
    }
    channel.post({ type: 'fetch', chatId, attachmentId, request });
  });
}
