import { memo, useContext } from 'react';
import { FormulaTypesetContext } from './formula-budget';
import { peekMath, requestMath } from './math-loader';
import { useDeferredAnswer } from './use-deferred-answer';

export interface MathViewProps {
  tex: string;
  display: boolean;
  /** False while the closing delimiter has not arrived: the source shows until it does. */
  finished: boolean;
}

/**
 * A formula: its TeX source as code until KaTeX (loaded on the first formula) has typeset it.
 * A span either way, so display math can sit inside a paragraph too (CSS makes it a block).
 */
export const MathView = memo(function MathView({ tex, display, finished }: MathViewProps) {
  // Past the reply's formula budget, the source stays: no KaTeX work, one text node.
  const typeset = useContext(FormulaTypesetContext);
  const html = finished && typeset ? peekMath(tex, display) : null;
  const waiting = html === undefined;
  useDeferredAnswer(waiting ? () => requestMath(tex, display) : null, [tex, display]);

  if (html) {
    return (
      <span
        className="markdown__math"
        data-display={display ? '' : undefined}
        data-state="typeset"
        // KaTeX's own output with trust: false — see katex-render.ts for why this is safe.
        dangerouslySetInnerHTML={{ __html: html }}
      />
    );
  }
  return (
    <code className="markdown__math-source" data-display={display ? '' : undefined} data-state={!finished ? 'streaming' : waiting ? 'loading' : 'source'}>
      {tex}
    </code>
  );
});
