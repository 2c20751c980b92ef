import { BoundedCache } from './bounded-cache';
import { lazyModule } from './lazy-module';

/** What the lazily loaded Mermaid module provides: a diagram's source to SVG text (rejects on a syntax error). */
export interface DiagramRenderer {
  render(code: string): Promise<string>;
}

/** The outcome for one diagram source. */
export type DiagramResult = { readonly svg: string } | { readonly error: 'syntax' | 'unavailable' };

/** Rendered diagrams kept for re-renders and remounts (each is an SVG of a few kilobytes). */
export const DIAGRAM_CACHE_ENTRIES = 100;

const mermaidModule = lazyModule<DiagramRenderer>(() => import('./mermaid-render').then((module) => module.renderer));
let results = new BoundedCache<string, DiagramResult>(DIAGRAM_CACHE_ENTRIES);
let pending = new Map<string, Promise<void>>();
/** Mermaid lays out one diagram at a time in a scratch element: renders wait for each other. */
let queue: Promise<void> = Promise.resolve();

/** The diagram if done, undefined while it is loading or rendering. */
export function peekDiagram(code: string): DiagramResult | undefined {
  return results.get(code);
}

/** Loads Mermaid if needed and renders `code`; afterwards peekDiagram has the outcome. Mermaid renders one diagram at a time. */
export function requestDiagram(code: string): Promise<void> {
  let request = pending.get(code);
  if (!request) {
    const cache = results;
    const waiting = pending;
    request = queue.then(async () => {
      let result: DiagramResult;
      try {
        const renderer = mermaidModule.current() ?? (await mermaidModule.load().catch(() => null));
        result = renderer ? { svg: await renderer.render(code) } : { error: 'unavailable' };
      } catch {
        result = { error: 'syntax' };
      }
      cache.set(code, result);
      waiting.delete(code);
    });
    queue = request;
    pending.set(code, request);
  }
  return request;
}

/** Replaces how Mermaid is loaded (tests); null restores the real import. Forgets every diagram. */
export function setMermaidLoader(loader: (() => Promise<DiagramRenderer>) | null): void {
  mermaidModule.setLoader(loader);
  results = new BoundedCache<string, DiagramResult>(DIAGRAM_CACHE_ENTRIES);
  pending = new Map();
  queue = Promise.resolve();
}
