// What the app has stored in IndexedDB, read from the page: a test that reloads right after an
// action waits until the action's write is stored, as a person who reloads a moment later would
// find it. (A reload cancels a write still in flight; on a loaded machine that can take a while.)
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

type StoreName = 'chats' | 'messages' | 'drafts' | 'settings';

/** Every row of one of the app's stores. */
export function storedRows<T = Record<string, unknown>>(page: Page, store: StoreName): Promise<T[]> {
  return page.evaluate(
    (name) =>
      new Promise<T[]>((resolve, reject) => {
        // No version: the app's own database as it is, never an upgrade of it.
        const open = indexedDB.open('parley');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const rows = open.result.transaction(name).objectStore(name).getAll();
          rows.onsuccess = () => {
            open.result.close();
            resolve(rows.result as T[]);
          };
          rows.onerror = () => reject(rows.error);
        };
      }),
    store,
  );
}

/** Waits until some stored row of `store` satisfies `matches`. */
export async function untilStored<T = Record<string, unknown>>(page: Page, store: StoreName, matches: (row: T) => boolean): Promise<void> {
  await expect.poll(async () => (await storedRows<T>(page, store)).some(matches)).toBe(true);
}

/** Waits until replies are stored as settled: some message is stored and none is still stored as streaming. */
export async function untilRepliesStored(page: Page): Promise<void> {
  await expect
    .poll(async () => {
      const messages = await storedRows<{ status: string }>(page, 'messages');
      return messages.length > 0 && messages.every((m) => m.status !== 'streaming');
    })
    .toBe(true);
}
