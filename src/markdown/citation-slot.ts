// A slot at each citation mark (citation-syntax.ts) for what the page shows there: the chat page's
// numbered source chip. Markdown only knows the mark's index and whether it stands inside a link.
import { createContext, type ComponentType } from 'react';

export interface CitationSlotProps {
  index: number;
  /** Inside a link's text: the slot must not add another link or control there. */
  insideLink: boolean;
}

/** The page's slot component; without one a mark shows nothing. */
export const CitationSlotContext = createContext<ComponentType<CitationSlotProps> | null>(null);
