import { isIconSet } from './icon-data';
import { iconKey, parseIconName, type IconName } from './icon-name';
import { DEFAULT_ICON_HOST, buildIconUrl, splitIconNames } from './icon-request';
import { addIconSet, getIcon, isIconMissing, markIconsMissing } from './icon-storage';

// Loads icons that are not bundled from an Iconify-compatible icon service. Every icon asked
// for in one tick goes out together: one request per icon set (split when the URL gets long).
// What comes back, and what the service does not have, is kept for the session; nothing is
// retried.

/** HTTP's "Failed Dependency": reported when there is no icon source (no host, no fetch). */
export const ICON_SOURCE_UNAVAILABLE = 424;
/** Reported when every icon asked for has an answer (loaded or missing). */
export const ICON_LOAD_OK = 200;
/** The icon service's answer for an unknown icon set. */
const HTTP_NOT_FOUND = 404;

/** The part of `fetch` the loader uses, so tests (or an app) can supply their own. */
export type IconFetch = (url: string) => Promise<{
  readonly ok: boolean;
  readonly status: number;
  json(): Promise<unknown>;
}>;

export type IconLoadStatus = 'loaded' | 'missing' | 'unavailable';

/** What `loadIcons` resolves with. Names are sorted and spelled `prefix:name` (invalid names as given, under missing). */
export interface IconLoadResult {
  /** 424 when some icon could not be asked for: no host, no fetch, or every host failed. */
  readonly status: typeof ICON_LOAD_OK | typeof ICON_SOURCE_UNAVAILABLE;
  readonly loaded: string[];
  readonly missing: string[];
  readonly unavailable: string[];
}

let hosts: readonly string[] = [DEFAULT_ICON_HOST];
/** undefined: the global fetch (looked up when a batch goes out); null: none. */
let customFetch: IconFetch | null | undefined;
/** Icons waiting for this tick's batch, by prefix. */
let queued = new Map<string, Set<string>>();
/** One promise per icon being loaded, shared by everyone asking for it. */
const pending = new Map<string, Promise<IconLoadStatus>>();
const settlers = new Map<string, (status: IconLoadStatus) => void>();
/** Icons that could not be asked for; remembered until the configuration changes. */
const unavailable = new Set<string>();
/** Bumped by reset so answers to an older session's requests are dropped. */
let generation = 0;

/** Sets the icon service hosts, tried in order when one fails; `[]` means none (424). */
export function setIconHosts(next: readonly string[]): void {
  hosts = [...next];
  unavailable.clear();
}

/** Sets the transport: a fetch-like function, `null` for none (424), `undefined` for the global fetch. */
export function setIconFetch(next: IconFetch | null | undefined): void {
  customFetch = next;
  unavailable.clear();
}

function currentFetch(): IconFetch | null {
  if (customFetch !== undefined) return customFetch;
  return typeof globalThis.fetch === 'function' ? (url) => globalThis.fetch(url) : null;
}

/** The state of an icon known without a request, if any. */
function knownStatus({ prefix, name }: IconName): IconLoadStatus | undefined {
  if (getIcon(prefix, name)) return 'loaded';
  if (isIconMissing(prefix, name)) return 'missing';
  if (unavailable.has(iconKey({ prefix, name }))) return 'unavailable';
  return undefined;
}

function enqueue(icon: IconName): Promise<IconLoadStatus> {
  const key = iconKey(icon);
  const existing = pending.get(key);
  if (existing) return existing;
  const promise = new Promise<IconLoadStatus>((resolve) => settlers.set(key, resolve));
  pending.set(key, promise);
  if (queued.size === 0) queueMicrotask(flush);
  let names = queued.get(icon.prefix);
  if (!names) queued.set(icon.prefix, (names = new Set()));
  names.add(icon.name);
  return promise;
}

function settle(prefix: string, names: Iterable<string>, status: (name: string) => IconLoadStatus): void {
  for (const name of names) {
    const key = iconKey({ prefix, name });
    const result = status(name);
    if (result === 'unavailable') unavailable.add(key);
    settlers.get(key)?.(result);
    settlers.delete(key);
    pending.delete(key);
  }
}

type RequestOutcome = 'answered' | 'not-found' | 'failed';

/** Asks each host in turn for one group of icons until one answers. */
async function request(
  fetchIcons: IconFetch,
  hostList: readonly string[],
  prefix: string,
  names: string[],
  session: number,
): Promise<RequestOutcome> {
  for (const host of hostList) {
    try {
      const response = await fetchIcons(buildIconUrl(host, prefix, names));
      if (response.status === HTTP_NOT_FOUND) return 'not-found';
      if (!response.ok) continue;
      const data = await response.json();
      // Older Iconify API versions answer an unknown set with the bare number 404.
      if (data === HTTP_NOT_FOUND) return 'not-found';
      if (!isIconSet(data, prefix)) continue;
      if (session === generation) addIconSet(data);
      return 'answered';
    } catch {
      // A network error or a malformed answer: the next host may do better.
    }
  }
  return 'failed';
}

/** Sends this tick's batch: per prefix, names sorted and de-duplicated, split by URL length. */
function flush(): void {
  const batch = queued;
  queued = new Map();
  const session = generation;
  const fetchIcons = currentFetch();
  for (const [prefix, nameSet] of batch) {
    // An icon added (or reported missing) since it was queued needs no request.
    const names = [...nameSet].filter((name) => {
      const known = knownStatus({ prefix, name });
      if (known) settle(prefix, [name], () => known);
      return !known;
    });
    if (names.length === 0) continue;
    if (!fetchIcons || hosts.length === 0) {
      settle(prefix, names, () => 'unavailable');
      continue;
    }
    // Split for the longest host so every group fits whichever host ends up answering.
    const longestHost = hosts.reduce((a, b) => (b.length > a.length ? b : a));
    for (const group of splitIconNames(longestHost, prefix, names)) {
      void request(fetchIcons, hosts, prefix, group, session).then((outcome) => {
        // After a reset these icons' waiters have been answered already.
        if (session !== generation) return;
        if (outcome === 'failed') {
          settle(prefix, group, () => 'unavailable');
          return;
        }
        markIconsMissing(prefix, group.filter((name) => !getIcon(prefix, name)));
        settle(prefix, group, (name) => (getIcon(prefix, name) ? 'loaded' : 'missing'));
      });
    }
  }
}

/**
 * Makes the named icons available in storage. Resolves (never rejects) once each has an answer;
 * `status` is 424 when some could not be asked for. Answers are kept, so calling again is cheap.
 */
export async function loadIcons(names: readonly string[]): Promise<IconLoadResult> {
  const result = { loaded: [] as string[], missing: [] as string[], unavailable: [] as string[] };
  const waits: Promise<void>[] = [];
  const seen = new Set<string>();
  for (const raw of names) {
    const icon = parseIconName(raw);
    const key = icon ? iconKey(icon) : raw;
    if (seen.has(key)) continue;
    seen.add(key);
    if (!icon) {
      result.missing.push(raw);
      continue;
    }
    const status = knownStatus(icon);
    const file = (s: IconLoadStatus) => void result[s].push(key);
    if (status) file(status);
    else waits.push(enqueue(icon).then(file));
  }
  await Promise.all(waits);
  const status = result.unavailable.length > 0 ? ICON_SOURCE_UNAVAILABLE : ICON_LOAD_OK;
  return {
    status,
    loaded: result.loaded.sort(),
    missing: result.missing.sort(),
    unavailable: result.unavailable.sort(),
  };
}

/** Restores the default hosts and transport and forgets pending and unavailable icons (tests). */
export function resetIconLoader(): void {
  generation += 1;
  hosts = [DEFAULT_ICON_HOST];
  customFetch = undefined;
  queued = new Map();
  // Whoever still waits gets an answer rather than a promise that never settles.
  for (const settleIcon of settlers.values()) settleIcon('unavailable');
  settlers.clear();
  pending.clear();
  unavailable.clear();
}
