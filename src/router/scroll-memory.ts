/** sessionStorage key: positions survive a reload of the same tab, like the browser's own. */
const STORAGE_KEY = 'parley.scroll';
/** Older entries are dropped; nobody goes back hundreds of pages. */
const MAX_ENTRIES = 100;

/**
 * Remembers the window's scroll position per history entry so back/forward can restore it
 * (the browser's own restoration is switched off: it runs before a lazy page has rendered).
 * Positions are read only when leaving an entry, never on scroll: reading scrollY in every
 * frame of a streaming reply would force an extra layout each time.
 */
export function createScrollMemory(win: Window, currentKey: () => string) {
  const positions = new Map<string, number>(readStored(win));
  const save = () => {
    const key = currentKey();
    positions.delete(key);
    positions.set(key, win.scrollY);
    while (positions.size > MAX_ENTRIES) positions.delete(positions.keys().next().value!);
  };
  const persist = () => {
    save();
    try {
      win.sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions]));
    } catch {
      // Storage full or disabled: restoration across reloads is a nicety.
    }
  };
  if ('scrollRestoration' in win.history) win.history.scrollRestoration = 'manual';
  win.addEventListener('pagehide', persist);
  return {
    /** Call when the location changes, before the new screen renders: keeps the position of the page being left. */
    save,
    restore(key: string) {
      win.scrollTo(0, positions.get(key) ?? 0);
    },
    dispose() {
      win.removeEventListener('pagehide', persist);
    },
  };
}

function readStored(win: Window): [string, number][] {
  try {
    const parsed: unknown = JSON.parse(win.sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((e): e is [string, number] => typeof e?.[0] === 'string' && typeof e[1] === 'number') : [];
  } catch {
    return [];
  }
}
