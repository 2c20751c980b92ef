import type { Root } from 'hast';
import { deferredResults } from './deferred-results';
import { lazyModule } from './lazy-module';

/** What the lazily loaded highlighter module provides. */
export interface Highlighter {
  highlight(code: string, grammar: string): Root | null;
  registeredGrammars(): string[];
  resetGrammars(): void;
}

/** Highlighted blocks kept for re-renders and remounts (a long chat has a few dozen). */
export const HIGHLIGHT_CACHE_ENTRIES = 200;

const highlighterModule = lazyModule<Highlighter>(() => import('./highlighter'));
const highlights = deferredResults<Highlighter, Root>(highlighterModule, HIGHLIGHT_CACHE_ENTRIES);

const keyOf = (code: string, grammar: string) => `${grammar}\u0000${code}`;

/** The highlighted tree if it is ready, null when the block will stay plain, undefined when not done yet. */
export function peekHighlight(code: string, grammar: string): Root | null | undefined {
  return highlights.peek(keyOf(code, grammar));
}

/**
 * Loads the highlighter if needed and highlights `code` in a later task; afterwards
 * peekHighlight has the answer. Blocks with the same code share one request.
 */
export function requestHighlight(code: string, grammar: string): Promise<void> {
  return highlights.request(keyOf(code, grammar), (highlighter) => highlighter.highlight(code, grammar));
}

/** Replaces how the highlighter module is loaded (tests spy on it); null restores the real import. */
export function setHighlighterLoader(loader: (() => Promise<Highlighter>) | null): void {
  highlighterModule.current()?.resetGrammars();
  highlighterModule.setLoader(loader);
  highlights.reset();
}
