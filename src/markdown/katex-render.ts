// Loaded lazily, the first time a reply holds a formula. Its CSS comes with it: esbuild puts
// the stylesheet (and its fonts) beside this chunk instead of in the main bundle.
import katex from 'katex';
import 'katex/dist/katex.min.css';

/** The largest size (in em) a formula may ask for with \rule or \kern: a reply cannot cover the page. */
export const KATEX_MAX_SIZE_EM = 50;
/** Macro expansions allowed per formula: stops a self-referencing macro from hanging the tab. */
export const KATEX_MAX_EXPAND = 1000;

/**
 * The formula as KaTeX's HTML (plus MathML for screen readers). This is the one HTML string
 * Parley injects, and it is safe to: KaTeX builds it from its own parse of the TeX, escaping
 * every piece of text; with `trust: false` the commands that could emit links, classes, ids,
 * styles or images (\href, \url, \includegraphics, \htmlClass, \htmlId, \htmlStyle, \htmlData)
 * are refused; and a parse error is rendered as escaped text instead of thrown.
 */
export function renderTex(tex: string, display: boolean): string {
  return katex.renderToString(tex, {
    displayMode: display,
    throwOnError: false,
    trust: false,
    strict: 'ignore',
    output: 'htmlAndMathml',
    maxSize: KATEX_MAX_SIZE_EM,
    maxExpand: KATEX_MAX_EXPAND,
  });
}
