/** Where the saved-prompts menu opens (issue 23): a `/` at the start of the message box loads it and everything it needs; nothing before. */
import { Suspense, type RefObject } from 'react';
import { withChunkStyles } from '../../lib/chunk-styles';
import { useTextValue, type TextSource } from '../../lib/text-source';
import { lazyPart } from '../../ui/lazy-part';
import { NeedsConnection } from './needs-connection';

// Offline before it was ever fetched, the menu's place says so (issue 33): a `/` draft kept across a reload must not crash the page.
const PromptMenu = lazyPart(withChunkStyles('prompt-menu', () => import('./prompts/prompt-menu')), NeedsConnection);

export interface PromptSlotProps {
  /** The message box's text: the menu opens while it starts with `/`; a prompt chosen replaces it (the `/query` goes, the filled prompt comes). */
  text: TextSource;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}

export function PromptSlot(props: PromptSlotProps) {
  // Whether the text starts with `/`, not the text: typing renders nothing here (issue 34).
  return useTextValue(props.text, (text) => text?.[0] === '/') ? (
    <Suspense fallback={null}>
      <PromptMenu {...props} />
    </Suspense>
  ) : null;
}
