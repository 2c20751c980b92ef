// @vitest-environment node
// What importing a prompts file costs in IndexedDB transactions (issue 32, finding 4), counted
// without timing: the app's library store over the chat store's IndexedDB storage (fake-indexeddb,
// whose IDBDatabase.transaction is wrapped to count). One prompt one transaction made a 1,000-prompt
// file take minutes; the import is one transaction, and says how far it got as it writes.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { createIdbPersistence, openDatabase, resetChatStore } from '../../../src/chat';
import { createLibraryStore } from '../../../src/chat/library';
import { disposeStores, makeStore } from '../store-harness';

/** The file. */
const PROMPTS = 1_000;

/** Every transaction opened, by mode. */
const opened: IDBTransactionMode[] = [];
const realTransaction = IDBDatabase.prototype.transaction;
IDBDatabase.prototype.transaction = function (this: IDBDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
  opened.push(args[1] ?? 'readonly');
  return realTransaction.apply(this, args);
} as IDBDatabase['transaction'];

afterEach(() => {
  resetChatStore();
  disposeStores();
});

describe('importing prompts into IndexedDB', () => {
  it(`writes ${PROMPTS.toLocaleString('en')} prompts in one readwrite transaction, reporting progress up to all of them`, async () => {
    const { store: chats, events } = makeStore({ persistence: async () => ({ persistence: createIdbPersistence(await openDatabase(new IDBFactory())) }) });
    resetChatStore(chats);
    const library = createLibraryStore({ channel: null, now: () => 1_000 });
    await library.init();
    const before = library.getSnapshot().prompts.length;
    const published: number[] = [];
    library.subscribe(() => published.push(library.getSnapshot().prompts.length));
    const told: string[] = [];
    library.onLocalChange((change) => told.push(change.id));

    const progress: [number, number][] = [];
    opened.length = 0;
    const created = await library.createPrompts(
      Array.from({ length: PROMPTS }, (_, i) => ({ name: `Prompt ${i}`, body: `Body ${i} {{text}}` })),
      (done, total) => progress.push([done, total]),
    );

    expect(opened.filter((mode) => mode === 'readwrite')).toHaveLength(1);
    expect(created).toHaveLength(PROMPTS);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every(([, total]) => total === PROMPTS)).toBe(true);
    expect(progress.map(([done]) => done)).toEqual([...progress.map(([done]) => done)].sort((a, b) => a - b));
    expect(progress.at(-1)).toEqual([PROMPTS, PROMPTS]);
    // One new snapshot for the lot (each one re-sorts and re-renders the whole list), and sync hears of each prompt.
    expect(published).toEqual([before + PROMPTS]);
    expect(told).toHaveLength(PROMPTS);
    expect(events).toEqual([]);

    // Stored: a new library store (another tab, the next visit) reads them all back.
    const again = createLibraryStore({ channel: null });
    await again.init();
    expect(again.getSnapshot().prompts.filter((prompt) => prompt.name.startsWith('Prompt '))).toHaveLength(PROMPTS);
  });
});
