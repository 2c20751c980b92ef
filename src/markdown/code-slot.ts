// A slot in every code block for what the page around the markdown adds (issue 36: the chat page's
// Preview of an HTML or SVG block). Markdown knows nothing of what fills it: it passes the block's
// code, language and whether it is finished, and lays out what comes back.
import { createContext, type ComponentType, type ReactNode } from 'react';

/** What a slot adds to one block: buttons for its bar, and a view shown in the code's place. */
export interface CodeExtras {
  /** Placed in the bar, before Copy. */
  actions?: ReactNode;
  /** Shown instead of the code while given (the code stays in the bar's Copy). */
  view?: ReactNode;
  /** Shown under the code (a run's output). */
  after?: ReactNode;
}

export interface CodeSlotProps {
  code: string;
  /** The fence's language as the bar shows it (`html`, `svg`…), '' when none. */
  language: string;
  /** False while the block is still streaming. */
  finished: boolean;
  /** Renders the block with what the slot adds. */
  children: (extras: CodeExtras) => ReactNode;
}

/** The page's slot component; none by default (a plain code block). */
export const CodeSlotContext = createContext<ComponentType<CodeSlotProps> | null>(null);
