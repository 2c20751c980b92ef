/**
 * The user's library (issue 23) outside React: standing instructions, defaults, presets,
 * projects, prompts and compare votes (issue 38), as an immutable snapshot with subscribe/getSnapshot. Read once (the
 * first `init`), written through at once; other tabs hear of a change on a BroadcastChannel and
 * read again, and sync hears of every local change (`onLocalChange`) to push it.
 */
import { newId } from '../../lib/ids';
import { getChatStore } from '../store';
import type { ChatPersistence } from '../persistence';
import {
  DEFAULTS_ID,
  INSTRUCTIONS_ID,
  type ChatDefaults,
  type LibraryDefaults,
  type LibraryInstructions,
  type LibraryPreset,
  type LibraryProject,
  type LibraryPrompt,
  type LibraryRecord,
  type LibraryVote,
} from '../types';
import type { LibraryContents } from './chat-setup';
import { starterPrompts } from './starter-prompts';

export interface LibrarySnapshot extends LibraryContents {
  /** False until the rows were read: until then nothing below is the user's. */
  loaded: boolean;
  presets: readonly LibraryPreset[];
  projects: readonly LibraryProject[];
  prompts: readonly LibraryPrompt[];
  /** Blind comparisons' votes (issue 38), oldest first. */
  votes: readonly LibraryVote[];
}

/** A local change, as sync pushes it: the row written, or the id deleted. */
export type LibraryChange = { id: string; record: LibraryRecord } | { id: string; deleted: true; at: number };

/** Where the rows are kept; the chat store's storage unless a test says otherwise. */
export interface LibraryIo {
  list(): Promise<LibraryRecord[] | undefined>;
  put(record: LibraryRecord): Promise<boolean>;
  /** Adds new rows in one transaction, all or none (an import); `onProgress` as they are written. */
  add(records: LibraryRecord[], onProgress?: (done: number, total: number) => void): Promise<boolean>;
  delete(id: string): Promise<boolean>;
  /** Whether the starter prompts were added once already (so deleting them all does not bring them back). */
  startersAdded(): Promise<boolean>;
  markStartersAdded(): Promise<void>;
}

export interface LibraryStore {
  init(): Promise<void>;
  /** Reads every row again (another tab changed them, a restore or an import added some). */
  reload(): Promise<void>;
  getSnapshot(): LibrarySnapshot;
  subscribe(listener: () => void): () => void;
  get(id: string): LibraryRecord | undefined;
  /** Writes a row whole, stamped now (createdAt kept); false when storage refused it (the store reported it). */
  put(record: LibraryRecord): Promise<boolean>;
  /** Deletes a row; resolves with a function that puts it back (Undo), or undefined when there was none. */
  remove(id: string): Promise<(() => Promise<void>) | undefined>;
  setInstructions(patch: Partial<Pick<LibraryInstructions, 'about' | 'style' | 'enabled'>>): Promise<boolean>;
  setDefaults(defaults: ChatDefaults): Promise<boolean>;
  createPreset(input: Omit<LibraryPreset, 'id' | 'kind' | 'createdAt' | 'updatedAt'>): Promise<LibraryPreset>;
  createProject(input: Partial<Omit<LibraryProject, 'id' | 'kind' | 'createdAt' | 'updatedAt'>> & { name: string }): Promise<LibraryProject>;
  createPrompt(input: { name: string; body: string }): Promise<LibraryPrompt>;
  /**
   * Many prompts at once (an import): one write, one new snapshot, one word to other tabs, so its
   * time grows with the number of prompts, not with its square. Resolves with those stored: all, or
   * none when storage refused them (the store reported it).
   */
  createPrompts(inputs: readonly { name: string; body: string }[], onProgress?: (done: number, total: number) => void): Promise<LibraryPrompt[]>;
  /** Sync's way in: a row (or a deletion) from another device, written without being pushed back. */
  applyRemote(change: LibraryChange): Promise<void>;
  onLocalChange(listener: (change: LibraryChange) => void): () => void;
}

export interface LibraryStoreOptions {
  io?: LibraryIo;
  now?: () => number;
  /** Other tabs; null for none. */
  channel?: BroadcastChannel | null;
}

/** The settings row that says the starter prompts were added in this browser. */
export const STARTERS_SETTING = 'library-starters-added';
export const LIBRARY_CHANNEL = 'parley-library';

const EMPTY: LibrarySnapshot = { loaded: false, presets: [], projects: [], prompts: [], votes: [] };

const byName = <T extends { name: string; createdAt: number }>(a: T, b: T) => a.name.localeCompare(b.name) || a.createdAt - b.createdAt;

function snapshotOf(rows: readonly LibraryRecord[]): LibrarySnapshot {
  const of = <K extends LibraryRecord['kind']>(kind: K) => rows.filter((row): row is Extract<LibraryRecord, { kind: K }> => row.kind === kind);
  return {
    loaded: true,
    instructions: of('instructions').find((row) => row.id === INSTRUCTIONS_ID),
    defaults: of('defaults').find((row) => row.id === DEFAULTS_ID),
    presets: of('preset').sort(byName),
    projects: of('project').sort(byName),
    prompts: of('prompt').sort(byName),
    votes: of('vote').sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id)),
  };
}

/** The chat store's storage: its failures are reported as the store reports its own. */
export function chatStoreLibraryIo(): LibraryIo {
  const run = <T>(operation: 'load' | 'save-setting', work: (p: ChatPersistence) => Promise<T>) => getChatStore().withStorage(operation, work);
  return {
    list: () => run('load', (p) => p.listLibrary()),
    put: async (record) => (await run('save-setting', async (p) => (await p.putLibrary(record), true))) ?? false,
    // The import's one transaction: `add`, so a row already stored fails it all instead of being replaced.
    add: async (records, onProgress) =>
      (await run('save-setting', async (p) => (await p.importChats({ chats: [], messages: [], attachments: [], library: records }, { onProgress }), true))) ?? false,
    delete: async (id) => (await run('save-setting', async (p) => (await p.deleteLibrary(id), true))) ?? false,
    startersAdded: async () => (await getChatStore().getSetting<boolean>(STARTERS_SETTING)) === true,
    markStartersAdded: () => getChatStore().putSetting(STARTERS_SETTING, true),
  };
}

function defaultChannel(): BroadcastChannel | null {
  try {
    return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(LIBRARY_CHANNEL);
  } catch {
    return null;
  }
}

export function createLibraryStore(options: LibraryStoreOptions = {}): LibraryStore {
  const io = options.io ?? chatStoreLibraryIo();
  const now = options.now ?? Date.now;
  const channel = options.channel === undefined ? defaultChannel() : options.channel;
  let rows = new Map<string, LibraryRecord>();
  let snapshot = EMPTY;
  let loading: Promise<void> | undefined;
  const listeners = new Set<() => void>();
  const changeListeners = new Set<(change: LibraryChange) => void>();

  const publish = () => {
    snapshot = snapshotOf([...rows.values()]);
    for (const listener of [...listeners]) listener();
  };
  const tellTabs = (id: string) => channel?.postMessage({ type: 'library-changed', id });
  const tellSync = (change: LibraryChange) => {
    for (const listener of [...changeListeners]) listener(change);
  };
  const told = (change: LibraryChange) => {
    tellTabs(change.id);
    tellSync(change);
  };

  const read = async () => {
    const stored = (await io.list()) ?? [];
    rows = new Map(stored.map((row) => [row.id, row]));
    if (!(await io.startersAdded())) {
      const at = now();
      for (const starter of starterPrompts(at)) {
        if (rows.has(starter.id)) continue;
        if (await io.put(starter)) {
          rows.set(starter.id, starter);
          told({ id: starter.id, record: starter });
        }
      }
      await io.markStartersAdded();
    }
    publish();
  };

  channel?.addEventListener('message', (event: MessageEvent) => {
    if ((event.data as { type?: string } | null)?.type === 'library-changed' && snapshot.loaded) void store.reload();
  });

  const write = async (record: LibraryRecord): Promise<boolean> => {
    const previous = rows.get(record.id);
    rows.set(record.id, record);
    publish();
    const stored = await io.put(record);
    if (!stored) {
      // Refused (storage full, gone): what is shown goes back to what is stored.
      if (previous) rows.set(record.id, previous);
      else rows.delete(record.id);
      publish();
      return false;
    }
    told({ id: record.id, record });
    return true;
  };

  const stamp = <T extends LibraryRecord>(record: T): T => {
    const at = now();
    const previous = rows.get(record.id);
    return { ...record, createdAt: previous?.createdAt ?? record.createdAt ?? at, updatedAt: Math.max(at, (previous?.updatedAt ?? 0) + 1) };
  };

  const store: LibraryStore = {
    init: () => (loading ??= read().catch((error: unknown) => {
      loading = undefined;
      throw error;
    })),
    async reload() {
      await read();
    },
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    get: (id) => rows.get(id),
    put: async (record) => {
      await store.init();
      return write(stamp(record));
    },
    async remove(id) {
      await store.init();
      const previous = rows.get(id);
      if (!previous) return undefined;
      rows.delete(id);
      publish();
      if (!(await io.delete(id))) {
        rows.set(id, previous);
        publish();
        return undefined;
      }
      told({ id, deleted: true, at: now() });
      let undone = false;
      return async () => {
        if (undone) return;
        undone = true;
        await write(stamp(previous));
      };
    },
    async setInstructions(patch) {
      await store.init();
      const current = snapshot.instructions;
      const at = now();
      const next: LibraryInstructions = {
        id: INSTRUCTIONS_ID,
        kind: 'instructions',
        createdAt: current?.createdAt ?? at,
        updatedAt: at,
        about: current?.about ?? '',
        style: current?.style ?? '',
        // On by default once written: the switch is the user's after that.
        enabled: current?.enabled ?? true,
        ...patch,
      };
      return store.put(next);
    },
    async setDefaults(defaults) {
      await store.init();
      const at = now();
      const next: LibraryDefaults = { id: DEFAULTS_ID, kind: 'defaults', createdAt: snapshot.defaults?.createdAt ?? at, updatedAt: at, ...defaults };
      return store.put(next);
    },
    async createPreset(input) {
      const at = now();
      const preset: LibraryPreset = { ...input, id: newId(), kind: 'preset', createdAt: at, updatedAt: at };
      await store.put(preset);
      return preset;
    },
    async createProject(input) {
      const at = now();
      const project: LibraryProject = { files: [], ...input, id: newId(), kind: 'project', createdAt: at, updatedAt: at };
      await store.put(project);
      return project;
    },
    async createPrompt(input) {
      const at = now();
      const prompt: LibraryPrompt = { ...input, id: newId(), kind: 'prompt', createdAt: at, updatedAt: at };
      await store.put(prompt);
      return prompt;
    },
    async createPrompts(inputs, onProgress) {
      await store.init();
      const at = now();
      const prompts = inputs.map((input): LibraryPrompt => ({ name: input.name, body: input.body, id: newId(), kind: 'prompt', createdAt: at, updatedAt: at }));
      if (prompts.length === 0) return [];
      if (!(await io.add(prompts, onProgress))) return [];
      for (const prompt of prompts) rows.set(prompt.id, prompt);
      publish();
      // Other tabs read every row again on each word: one word for the lot.
      tellTabs(prompts[0]!.id);
      for (const prompt of prompts) tellSync({ id: prompt.id, record: prompt });
      return prompts;
    },
    async applyRemote(change) {
      await store.init();
      if ('deleted' in change) {
        if (!rows.has(change.id)) return;
        rows.delete(change.id);
        publish();
        await io.delete(change.id);
      } else {
        rows.set(change.id, change.record);
        publish();
        await io.put(change.record);
      }
      channel?.postMessage({ type: 'library-changed', id: change.id });
    },
    onLocalChange(listener) {
      changeListeners.add(listener);
      return () => void changeListeners.delete(listener);
    },
  };
  return store;
}

let instance: LibraryStore | undefined;

/** The app's library store, made on first use. */
export function getLibraryStore(): LibraryStore {
  return (instance ??= createLibraryStore());
}

/** Tests: the next getLibraryStore makes a new one (with `options`, when given). */
export function resetLibraryStore(next?: LibraryStore): void {
  instance = next;
}
