import { BoundedCache } from './bounded-cache';
import { lazyModule } from './lazy-module';
import { nextTask } from './next-task';

/** What the lazily loaded KaTeX module provides. */
export interface MathRenderer {
  renderTex(tex: string, display: boolean): string;
}

/** Typeset formulas kept for re-renders and remounts. */
export const MATH_CACHE_ENTRIES = 500;

const mathModule = lazyModule<MathRenderer>(() => import('./katex-render'));
const results = new BoundedCache<string, string | null>(MATH_CACHE_ENTRIES);

const keyOf = (tex: string, display: boolean) => `${display ? 'D' : 'I'}${tex}`;

/** KaTeX's HTML if ready, null when the formula stays as source (KaTeX failed to load), undefined when not done yet. */
export function peekMath(tex: string, display: boolean): string | null | undefined {
  return results.get(keyOf(tex, display));
}

const pending = new Map<string, Promise<void>>();
/** Bumped when the loader is replaced, so requests made before then are dropped, not answered. */
let generation = 0;

async function typesetLater(key: string, tex: string, display: boolean): Promise<void> {
  let html: string | null = null;
  const requestedIn = generation;
  try {
    await nextTask();
    if (requestedIn !== generation) return;
    const renderer = mathModule.current() ?? (await mathModule.load());
    if (requestedIn !== generation) return;
    html = renderer.renderTex(tex, display);
  } catch {
    // KaTeX could not be loaded: the TeX source stays on screen, which is still readable.
  }
  if (requestedIn !== generation) return;
  results.set(key, html);
  pending.delete(key);
}

/** Loads KaTeX if needed and typesets `tex` in a later task; afterwards peekMath has the answer. */
export function requestMath(tex: string, display: boolean): Promise<void> {
  const key = keyOf(tex, display);
  let request = pending.get(key);
  if (!request) {
    request = typesetLater(key, tex, display);
    pending.set(key, request);
  }
  return request;
}

/** Replaces how KaTeX is loaded (tests spy on it); null restores the real import. */
export function setMathLoader(loader: (() => Promise<MathRenderer>) | null): void {
  mathModule.setLoader(loader);
  results.clear();
  pending.clear();
  generation += 1;
}
