import type { Root } from 'hast';
import { useEffect, useReducer } from 'react';
import { peekHighlight, requestHighlight } from './highlight-loader';

/**
 * The highlighted tree for a finished code block, or null while it is plain (still streaming,
 * no grammar, or the highlighter still loading). Highlighting happens after the render that
 * finished the block, so a streaming update never waits for it.
 */
export function useHighlight(code: string, grammar: string | null, finished: boolean): Root | null {
  const ready = finished && grammar !== null ? peekHighlight(code, grammar) : null;
  const waiting = ready === undefined;
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    if (!waiting || grammar === null) return;
    let live = true;
    void requestHighlight(code, grammar).then(() => {
      if (live) rerender();
    });
    return () => {
      live = false;
    };
  }, [waiting, code, grammar]);
  return ready ?? null;
}
