import { withChunkStyles } from '../lib/chunk-styles';
import { deferredResults } from './deferred-results';
import { lazyModule } from './lazy-module';

/** What the lazily loaded KaTeX module provides. */
export interface MathRenderer {
  renderTex(tex: string, display: boolean): string;
}

/** Typeset formulas kept for re-renders and remounts. */
export const MATH_CACHE_ENTRIES = 500;

const mathModule = lazyModule<MathRenderer>(withChunkStyles('katex-render', () => import('./katex-render')));
const formulas = deferredResults<MathRenderer, string>(mathModule, MATH_CACHE_ENTRIES);

const keyOf = (tex: string, display: boolean) => `${display ? 'D' : 'I'}${tex}`;

/** KaTeX's HTML if ready, null when the formula stays as source (KaTeX failed to load), undefined when not done yet. */
export function peekMath(tex: string, display: boolean): string | null | undefined {
  return formulas.peek(keyOf(tex, display));
}

/** Loads KaTeX if needed and typesets `tex` in a later task; afterwards peekMath has the answer. */
export function requestMath(tex: string, display: boolean): Promise<void> {
  return formulas.request(keyOf(tex, display), (renderer) => renderer.renderTex(tex, display));
}

/** Replaces how KaTeX is loaded (tests spy on it); null restores the real import. */
export function setMathLoader(loader: (() => Promise<MathRenderer>) | null): void {
  mathModule.setLoader(loader);
  formulas.reset();
}
