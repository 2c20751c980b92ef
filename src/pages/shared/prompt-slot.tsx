/** Where the saved-prompts menu opens (issue 23): a `/` at the start of the message box loads it and everything it needs; nothing before. */
import { Suspense, type RefObject } from 'react';
import { withChunkStyles } from '../../lib/chunk-styles';
import { lazyPart } from '../../ui/lazy-part';
import { NeedsConnection } from './needs-connection';

// Offline before it was ever fetched, the menu's place says so (issue 33): a `/` draft kept across a reload must not crash the page.
const PromptMenu = lazyPart(withChunkStyles('prompt-menu', () => import('./prompts/prompt-menu')), NeedsConnection);

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
