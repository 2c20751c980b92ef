import type { ComponentPropsWithoutRef } from 'react';
import { CodeSlotContext, Markdown } from '../../../markdown';
import { ArtifactSlot } from '../artifact/artifact-slot';

export interface AssistantContentProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  /** The reply's text so far (markdown source). */
  text: string;
  /** True while the text is still arriving: the renderer tidies the unfinished end. */
  streaming: boolean;
}

/** The body of an assistant reply: markdown rendered to React elements as it streams; an HTML or SVG block previews (issue 36). */
export function AssistantContent({ text, streaming, className, ...rest }: AssistantContentProps) {
  return (
    <CodeSlotContext.Provider value={ArtifactSlot}>
      <Markdown {...rest} className={className ? `message-markdown ${className}` : 'message-markdown'} text={text} streaming={streaming} />
    </CodeSlotContext.Provider>
  );
}
