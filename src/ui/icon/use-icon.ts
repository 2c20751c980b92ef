import { useEffect, useState } from 'react';
import type { ResolvedIcon } from './icon-data';
import { loadIcons } from './icon-source';
import { iconKey, parseIconName } from './icon-name';
import { getIcon, isIconMissing } from './icon-storage';

/** `unavailable`: no icon source (the loader reported 424). */
export type IconState = 'loaded' | 'loading' | 'missing' | 'unavailable';

/**
 * The icon for a name and its state. Stored icons (the bundled ones included) come back on the
 * first render, so they never flash; others are asked of the loader once and fill in later.
 */
export function useIcon(name: string): { state: IconState; icon?: ResolvedIcon } {
  const parsed = parseIconName(name);
  const key = parsed ? iconKey(parsed) : null;
  const icon = parsed ? getIcon(parsed.prefix, parsed.name) : undefined;
  const missing = parsed ? isIconMissing(parsed.prefix, parsed.name) : true;
  const [settled, setSettled] = useState<{ key: string; state: IconState } | null>(null);

  useEffect(() => {
    if (!key || icon || missing) return;
    let current = true;
    void loadIcons([key]).then((result) => {
      if (!current) return;
      const state = result.loaded.includes(key) ? 'loaded' : result.missing.includes(key) ? 'missing' : 'unavailable';
      setSettled({ key, state });
    });
    return () => {
      current = false;
    };
  }, [key, icon, missing]);

  if (icon) return { state: 'loaded', icon };
  if (missing) return { state: 'missing' };
  // "loaded" without a stored icon means storage was reset since: ask again.
  if (settled && settled.key === key && settled.state !== 'loaded') return { state: settled.state };
  return { state: 'loading' };
}
