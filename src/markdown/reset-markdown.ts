import { resetFullEntities } from './entities';
import { setHighlighterLoader } from './highlight-loader';
import { setMathLoader } from './math-loader';
import { setMermaidLoader } from './mermaid-loader';

/** Back to a fresh session: real lazy imports, no cached highlighting or formulas (tests). */
export function resetMarkdown(): void {
  setHighlighterLoader(null);
  setMathLoader(null);
  setMermaidLoader(null);
  resetFullEntities();
}
