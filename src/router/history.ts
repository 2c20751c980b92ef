/** Why the location last changed: scroll goes to the top on push, is restored on pop. */
export type NavigationAction = 'initial' | 'push' | 'replace' | 'pop';

export interface HistoryLocation {
  /** Full browser pathname, base included, still percent-encoded. */
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
  /** Identifies this history entry; stable across back/forward. */
  readonly key: string;
  readonly action: NavigationAction;
}

/** The URL as an external store (read with useSyncExternalStore) plus the ways to change it. */
export interface HistorySource {
  subscribe(listener: () => void): () => void;
  getSnapshot(): HistoryLocation;
  push(url: string): void;
  /** `sameScreen`: the entry keeps its key (only its query changed, say): not a navigation to another screen. */
  replace(url: string, options?: { sameScreen?: boolean }): void;
  go(delta: number): void;
}

interface EntryState {
  parleyKey?: string;
}

let keySeed = 0;
const newKey = () => `${Date.now().toString(36)}-${(keySeed++).toString(36)}`;

function splitUrl(url: string): Pick<HistoryLocation, 'pathname' | 'search' | 'hash'> {
  const hashAt = url.indexOf('#');
  const hash = hashAt >= 0 ? url.slice(hashAt) : '';
  const rest = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const searchAt = rest.indexOf('?');
  return {
    pathname: (searchAt >= 0 ? rest.slice(0, searchAt) : rest) || '/',
    search: searchAt >= 0 ? rest.slice(searchAt) : '',
    hash,
  };
}

function createListeners() {
  const listeners = new Set<() => void>();
  return {
    add(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    emit() {
      for (const listener of [...listeners]) listener();
    },
  };
}

/** The real browser history. Each entry gets a key in history.state for scroll restoration. */
export function createBrowserHistory(win: Window = window): HistorySource {
  const listeners = createListeners();
  const keyOf = (state: unknown) => (state as EntryState | null)?.parleyKey;
  if (!keyOf(win.history.state)) {
    win.history.replaceState({ ...(win.history.state as object), parleyKey: newKey() }, '');
  }
  const read = (action: NavigationAction): HistoryLocation => ({
    pathname: win.location.pathname,
    search: win.location.search,
    hash: win.location.hash,
    key: keyOf(win.history.state) ?? 'initial',
    action,
  });
  let snapshot = read('initial');
  const update = (action: NavigationAction) => {
    snapshot = read(action);
    listeners.emit();
  };
  win.addEventListener('popstate', () => update('pop'));

  return {
    subscribe: listeners.add,
    getSnapshot: () => snapshot,
    push(url) {
      win.history.pushState({ parleyKey: newKey() }, '', url);
      update('push');
    },
    replace(url, options) {
      win.history.replaceState({ parleyKey: options?.sameScreen ? snapshot.key : newKey() }, '', url);
      update(options?.sameScreen ? snapshot.action : 'replace');
    },
    go: (delta) => win.history.go(delta),
  };
}

/** An in-memory history for tests: hermetic, synchronous, with the same contract. */
export function createMemoryHistory(initialUrl = '/'): HistorySource & { readonly entries: readonly string[] } {
  const listeners = createListeners();
  const entries: HistoryLocation[] = [{ ...splitUrl(initialUrl), key: newKey(), action: 'initial' }];
  let index = 0;
  let snapshot = entries[0]!;
  const set = (entry: HistoryLocation) => {
    snapshot = entry;
    listeners.emit();
  };
  return {
    get entries() {
      return entries.map((e) => e.pathname + e.search + e.hash);
    },
    subscribe: listeners.add,
    getSnapshot: () => snapshot,
    push(url) {
      entries.splice(index + 1, Infinity, { ...splitUrl(url), key: newKey(), action: 'push' });
      index += 1;
      set(entries[index]!);
    },
    replace(url, options) {
      entries[index] = options?.sameScreen ? { ...snapshot, ...splitUrl(url) } : { ...splitUrl(url), key: newKey(), action: 'replace' };
      set(entries[index]!);
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      set({ ...entries[index]!, action: 'pop' });
    },
  };
}
