import type { ComponentPropsWithoutRef } from 'react';
import { CodeSlotContext, Markdown } from '../../../markdown';
import { ArtifactReplyContext, ArtifactSlot } from '../artifact/artifact-slot';

export interface AssistantContentProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  /** The reply's text so far (markdown source). */
  text: string;
  /** True while the text is still arriving: the renderer tidies the unfinished end. */
  streaming: boolean;
  /** The reply this is, when it is one of the thread's: its artifact blocks can then open in the panel. */
  messageId?: string;
}

/** The body of an assistant reply: markdown rendered to React elements as it streams; an HTML or SVG block previews (issue 36). */
export function AssistantContent({ text, streaming, messageId, className, ...rest }: AssistantContentProps) {
  return (
    <ArtifactReplyContext.Provider value={messageId ?? null}>
      <CodeSlotContext.Provider value={ArtifactSlot}>
        <Markdown {...rest} className={className ? `message-markdown ${className}` : 'message-markdown'} text={text} streaming={streaming} />
      </CodeSlotContext.Provider>
    </ArtifactReplyContext.Provider>
  );
}
