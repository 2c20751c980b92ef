import { isIconSet } from './icon-data';
import { iconKey, parseIconName, type IconName } from './icon-name';
import { buildIconUrl, splitIconNames } from './icon-request';
import { ICON_LOAD_OK, ICON_SOURCE_UNAVAILABLE, iconSource, type IconFetch, type IconLoadResult, type IconLoadStatus } from './icon-source';
import { addIconSet, getIcon, isIconMissing, markIconsMissing } from './icon-storage';

// Loads icons that are not bundled from an Iconify-compatible icon service. Every icon asked
// for in one tick goes out together: one request per icon set (split when the URL gets long).
// What comes back, and what the service does not have, is kept for the session; nothing is
// retried.

/** The icon service's answer for an unknown icon set. */
const HTTP_NOT_FOUND = 404;

/** Icons waiting for this tick's batch, by prefix. */
let queued = new Map<string, Set<string>>();
/** One promise per icon being loaded, shared by everyone asking for it. */
const pending = new Map<string, Promise<IconLoadStatus>>();
const settlers = new Map<string, (status: IconLoadStatus) => void>();

function currentFetch(): IconFetch | null {
  if (iconSource.customFetch !== undefined) return iconSource.customFetch;
  return typeof globalThis.fetch === 'function' ? (url) => globalThis.fetch(url) : null;
}

/** The state of an icon known without a request, if any. */
function knownStatus({ prefix, name }: IconName): IconLoadStatus | undefined {
  if (getIcon(prefix, name)) return 'loaded';
  if (isIconMissing(prefix, name)) return 'missing';
  if (iconSource.unavailable.has(iconKey({ prefix, name }))) return 'unavailable';
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
    if (result === 'unavailable') iconSource.unavailable.add(key);
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
      if (session === iconSource.generation) addIconSet(data);
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
  const session = iconSource.generation;
  const fetchIcons = currentFetch();
  for (const [prefix, nameSet] of batch) {
    // An icon added (or reported missing) since it was queued needs no request.
    const names = [...nameSet].filter((name) => {
      const known = knownStatus({ prefix, name });
      if (known) settle(prefix, [name], () => known);
      return !known;
    });
    if (names.length === 0) continue;
    if (!fetchIcons || iconSource.hosts.length === 0) {
      settle(prefix, names, () => 'unavailable');
      continue;
    }
    // Split for the longest host so every group fits whichever host ends up answering.
    const longestHost = iconSource.hosts.reduce((a, b) => (b.length > a.length ? b : a));
    for (const group of splitIconNames(longestHost, prefix, names)) {
      void request(fetchIcons, iconSource.hosts, prefix, group, session).then((outcome) => {
        // After a reset these icons' waiters have been answered already.
        if (session !== iconSource.generation) return;
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

/** loadIcons (icon-source.ts) once this module is here. */
export async function loadIconsNow(names: readonly string[]): Promise<IconLoadResult> {
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

/** Forgets pending icons, answering whoever waits (icon-source.ts resets the rest). */
export function resetIconLoader(): void {
  queued = new Map();
  // Whoever still waits gets an answer rather than a promise that never settles.
  for (const settleIcon of settlers.values()) settleIcon('unavailable');
  settlers.clear();
  pending.clear();
}
