import type { ComponentPropsWithoutRef } from 'react';

export interface AssistantContentProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  /** The reply's text so far (markdown source). */
  text: string;
  /** True while the text is still arriving: a renderer may hold back an unfinished block. */
  streaming: boolean;
}

/**
 * The body of an assistant reply. For now the text as it arrived, line breaks kept and never
 * parsed as HTML; the markdown renderer replaces this body and keeps the props.
 */
export function AssistantContent({ text, streaming, className, ...rest }: AssistantContentProps) {
  return (
    <div
      {...rest}
      className={className ? `message-text ${className}` : 'message-text'}
      data-format="plain"
      data-streaming={streaming ? '' : undefined}
    >
      {text}
    </div>
  );
}
