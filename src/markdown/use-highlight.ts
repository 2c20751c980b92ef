import type { Root } from 'hast';
import { peekHighlight, requestHighlight } from './highlight-loader';
import { useDeferredAnswer } from './use-deferred-answer';

/**
 * The highlighted tree for a finished code block, or null while it is plain (still streaming,
 * no grammar, or the highlighter still loading). Highlighting happens after the render that
 * finished the block, so a streaming update never waits for it.
 */
export function useHighlight(code: string, grammar: string | null, finished: boolean): Root | null {
  const ready = finished && grammar !== null ? peekHighlight(code, grammar) : null;
  useDeferredAnswer(ready === undefined && grammar !== null ? () => requestHighlight(code, grammar) : null, [code, grammar]);
  return ready ?? null;
}
