import { bundledIcons } from './bundled-icons';
import { resolveIconSet, type IconSet, type ResolvedIcon } from './icon-data';

// The session's icons in memory: the bundled set, anything added or loaded since, and the names
// the icon service said it does not have (so they are never asked for again).

interface PrefixStorage {
  readonly icons: Map<string, ResolvedIcon>;
  readonly missing: Set<string>;
}

const storage = new Map<string, PrefixStorage>();

function forPrefix(prefix: string): PrefixStorage {
  let entry = storage.get(prefix);
  if (!entry) {
    entry = { icons: new Map(), missing: new Set() };
    storage.set(prefix, entry);
  }
  return entry;
}

/** Adds an Iconify JSON set (icons, aliases, view box defaults); returns the names it added. */
export function addIconSet(set: IconSet): string[] {
  const entry = forPrefix(set.prefix);
  const added: string[] = [];
  for (const [name, icon] of resolveIconSet(set)) {
    entry.icons.set(name, icon);
    entry.missing.delete(name);
    added.push(name);
  }
  for (const name of set.not_found ?? []) {
    if (!entry.icons.has(name)) entry.missing.add(name);
  }
  return added;
}

/** A stored icon; the same object every time, so it can be a React dependency. */
export function getIcon(prefix: string, name: string): ResolvedIcon | undefined {
  return storage.get(prefix)?.icons.get(name);
}

export function isIconMissing(prefix: string, name: string): boolean {
  return storage.get(prefix)?.missing.has(name) ?? false;
}

/** Remembers names the icon service does not have. */
export function markIconsMissing(prefix: string, names: Iterable<string>): void {
  const entry = forPrefix(prefix);
  for (const name of names) {
    if (!entry.icons.has(name)) entry.missing.add(name);
  }
}

/** The icons bundled with the code: kept through a reset. */
const bundled: IconSet[] = [bundledIcons];

/**
 * Adds icons bundled with the code that draws them: the app build (icons-plugin.mjs) makes each
 * module naming an icon register it here before the module runs, so the icon is there at once.
 */
export function registerBundledIcons(set: IconSet): void {
  bundled.push(set);
  addIconSet(set);
}

/** Forgets everything but the bundled icons (tests). */
export function resetIconStorage(): void {
  storage.clear();
  for (const set of bundled) addIconSet(set);
}

resetIconStorage();
