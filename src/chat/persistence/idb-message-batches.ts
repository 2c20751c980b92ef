import { wrap } from 'idb';
import type { ParleyDatabase } from './db';
import type { Message } from '../types';

/**
 * Newest messages first in batches of `size`: a key cursor walks backwards to find each
 * batch's lower key (skipping rows without reading them), then one getAll reads the batch.
 */
export async function* messageBatchesNewestFirst(raw: IDBDatabase, size: number): AsyncGenerator<Message[]> {
  // idb's cursors, loaded with the first search (the first screen reads through plain requests).
  const db = wrap(raw) as unknown as ParleyDatabase;
  let upper: string | undefined;
  for (;;) {
    const store = db.transaction('messages').store;
    const below = upper === undefined ? undefined : IDBKeyRange.upperBound(upper, true);
    let cursor = await store.openKeyCursor(below, 'prev');
    if (!cursor) return;
    const top = cursor.key;
    if (size > 1) cursor = await cursor.advance(size - 1);
    const lower = cursor?.key;
    const rows = await store.getAll(lower === undefined ? IDBKeyRange.upperBound(top) : IDBKeyRange.bound(lower, top));
    yield rows.reverse();
    if (lower === undefined) return;
    upper = lower;
  }
}

