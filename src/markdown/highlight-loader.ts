import type { Root } from 'hast';
import { BoundedCache } from './bounded-cache';
import { lazyModule } from './lazy-module';
import { nextTask } from './next-task';

/** What the lazily loaded highlighter module provides. */
export interface Highlighter {
  highlight(code: string, grammar: string): Root | null;
  registeredGrammars(): string[];
  resetGrammars(): void;
}

/** Highlighted blocks kept for re-renders and remounts (a long chat has a few dozen). */
export const HIGHLIGHT_CACHE_ENTRIES = 200;

const highlighterModule = lazyModule<Highlighter>(() => import('./highlighter'));
const results = new BoundedCache<string, Root | null>(HIGHLIGHT_CACHE_ENTRIES);

const keyOf = (code: string, grammar: string) => `${grammar}\u0000${code}`;

/** The highlighted tree if it is ready, null when the block will stay plain, undefined when not done yet. */
export function peekHighlight(code: string, grammar: string): Root | null | undefined {
  return results.get(keyOf(code, grammar));
}

const pending = new Map<string, Promise<void>>();
/** Bumped when the loader is replaced, so requests made before then are dropped, not answered. */
let generation = 0;

async function highlightLater(key: string, code: string, grammar: string): Promise<void> {
  let tree: Root | null = null;
  const requestedIn = generation;
  try {
    await nextTask();
    if (requestedIn !== generation) return;
    const highlighter = highlighterModule.current() ?? (await highlighterModule.load());
    if (requestedIn !== generation) return;
    tree = highlighter.highlight(code, grammar);
  } catch {
    // No highlighter (chunk failed to load) or a grammar that threw: plain code is still correct.
  }
  if (requestedIn !== generation) return;
  results.set(key, tree);
  pending.delete(key);
}

/**
 * Loads the highlighter if needed and highlights `code` in a later task; afterwards
 * peekHighlight has the answer. Blocks with the same code share one request.
 */
export function requestHighlight(code: string, grammar: string): Promise<void> {
  const key = keyOf(code, grammar);
  let request = pending.get(key);
  if (!request) {
    request = highlightLater(key, code, grammar);
    pending.set(key, request);
  }
  return request;
}

/** Replaces how the highlighter module is loaded (tests spy on it); null restores the real import. */
export function setHighlighterLoader(loader: (() => Promise<Highlighter>) | null): void {
  highlighterModule.current()?.resetGrammars();
  highlighterModule.setLoader(loader);
  results.clear();
  pending.clear();
  generation += 1;
}
