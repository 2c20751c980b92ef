import { withChunkStyles } from '../lib/chunk-styles';
import { deferredResults } from './deferred-results';
import { lazyModule } from './lazy-module';

/** What the lazily loaded KaTeX module provides. */
export interface MathRenderer {
  renderTex(tex: string, display: boolean): string;
}

/** Typeset formulas kept for re-renders and remounts. */
export const MATH_CACHE_ENTRIES = 500;

/** The most a formula waits for KaTeX's fonts before it is typeset anyway (a font that never comes must not hide math). */
export const MATH_FONTS_WAIT_MS = 3000;
/** The faces nearly every formula uses: letters (italic) and digits, operators, brackets. */
const MATH_FONTS = ['1em KaTeX_Main', 'italic 1em KaTeX_Math'];

/**
 * Resolves once KaTeX's main fonts have loaded (or after MATH_FONTS_WAIT_MS). The stylesheet
 * only declares them: typeset before they arrive, the first formula flashed as misplaced
 * fallback-font text (issue 33); until then it stays its TeX source, styled as code.
 */
export function mathFontsReady(fonts: FontFaceSet | undefined = typeof document === 'undefined' ? undefined : document.fonts): Promise<void> {
  if (!fonts) return Promise.resolve();
  const loaded = Promise.all(MATH_FONTS.map((font) => fonts.load(font))).then(
    () => {},
    () => {},
  );
  return Promise.race([loaded, new Promise<void>((resolve) => setTimeout(resolve, MATH_FONTS_WAIT_MS))]);
}

const importKatex = withChunkStyles('katex-render', () => import('./katex-render'));
// After the stylesheet (which declares the fonts) has loaded, so the fonts can be asked for.
const mathModule = lazyModule<MathRenderer>(() => importKatex().then((module) => mathFontsReady().then(() => module)));
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
