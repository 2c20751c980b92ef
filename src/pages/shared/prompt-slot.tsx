/** Where the saved-prompts menu opens (issue 23): a `/` at the start of the message box loads it and everything it needs; nothing before. */
import { lazy, Suspense, type RefObject } from 'react';
import { withChunkStyles } from '../../lib/chunk-styles';

const PromptMenu = lazy(withChunkStyles('prompt-menu', () => import('./prompts/prompt-menu')));

export interface PromptSlotProps {
  /** The message box's text: the menu opens while it starts with `/`. */
  text: string;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  /** Replaces the box's text (a prompt chosen: the `/query` goes, the filled prompt comes). */
  onText(text: string): void;
}

export function PromptSlot(props: PromptSlotProps) {
  return props.text.startsWith('/') ? (
    <Suspense fallback={null}>
      <PromptMenu {...props} />
    </Suspense>
  ) : null;
}
