/** sessionStorage key: positions survive a reload of the same tab, like the browser's own. */
const STORAGE_KEY = 'parley.scroll';
/** Older entries are dropped; nobody goes back hundreds of pages. */
const MAX_ENTRIES = 100;

/**
 * Remembers the window's scroll position per history entry so back/forward can restore it
 * (the browser's own restoration is switched off: it runs before a lazy page has rendered).
 */
export function createScrollMemory(win: Window, currentKey: () => string) {
  const positions = new Map<string, number>(readStored(win));
  let frame = 0;
  const record = () => {
    frame = 0;
    positions.delete(currentKey());
    positions.set(currentKey(), win.scrollY);
    while (positions.size > MAX_ENTRIES) positions.delete(positions.keys().next().value!);
  };
  const onScroll = () => {
    frame ||= win.requestAnimationFrame(record);
  };
  const persist = () => {
    try {
      win.sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions]));
    } catch {
      // Storage full or disabled: restoration across reloads is a nicety.
    }
  };
  if ('scrollRestoration' in win.history) win.history.scrollRestoration = 'manual';
  win.addEventListener('scroll', onScroll, { passive: true });
  win.addEventListener('pagehide', persist);
  return {
    /** Call before the location changes, so the position of the page being left is kept. */
    save: record,
    restore(key: string) {
      win.scrollTo(0, positions.get(key) ?? 0);
    },
    dispose() {
      win.removeEventListener('scroll', onScroll);
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
