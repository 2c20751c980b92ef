// Loaded lazily, the first time a finished code block names a language we can highlight: it
// pulls in lowlight and highlight.js's common grammars, and registers only those used.
import type { Root } from 'hast';
import { common, createLowlight } from 'lowlight';

let lowlight = createLowlight();

/** The highlighted tree of `code`, registering `grammar` on first use; null for a grammar we lack. */
export function highlight(code: string, grammar: string): Root | null {
  if (!lowlight.registered(grammar)) {
    const definition = common[grammar];
    if (!definition) return null;
    lowlight.register({ [grammar]: definition });
  }
  return lowlight.highlight(grammar, code);
}

/** The grammars registered so far (tests check that only the ones used are). */
export function registeredGrammars(): string[] {
  return lowlight.listLanguages();
}

/** Forgets every registered grammar (tests). */
export function resetGrammars(): void {
  lowlight = createLowlight();
}
