import type { ComponentPropsWithoutRef } from 'react';
import { CitationSlotContext, CodeSlotContext, Markdown } from '../../../markdown';
import { ArtifactReplyContext, ArtifactSlot } from '../artifact/artifact-slot';
import { CitationChip, CitationMarksContext } from './citation-chip';
import type { MarkedText } from './citation-marks';

export interface AssistantContentProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  /** The reply's text so far (markdown source). */
  text: string;
  /** True while the text is still arriving: the renderer tidies the unfinished end. */
  streaming: boolean;
  /** The reply this is, when it is one of the thread's: its artifact blocks can then open in the panel. */
  messageId?: string;
  /** The reply's text with its citation marks (citation-marks.ts), when it cites: rendered in place of `text`. */
  cited?: MarkedText;
}

/** The body of an assistant reply: markdown rendered to React elements as it streams; an HTML or SVG block previews (issue 36). */
export function AssistantContent({ text, streaming, messageId, cited, className, ...rest }: AssistantContentProps) {
  const markdown = <Markdown {...rest} className={className ? `message-markdown ${className}` : 'message-markdown'} text={cited?.text ?? text} streaming={streaming} />;
  return (
    <ArtifactReplyContext.Provider value={messageId ?? null}>
      <CodeSlotContext.Provider value={ArtifactSlot}>
        {cited ? (
          <CitationMarksContext.Provider value={cited.marks}>
            <CitationSlotContext.Provider value={CitationChip}>{markdown}</CitationSlotContext.Provider>
          </CitationMarksContext.Provider>
        ) : (
          markdown
        )}
      </CodeSlotContext.Provider>
    </ArtifactReplyContext.Provider>
  );
}
