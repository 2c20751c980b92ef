import type { ChatModelMessage } from '../model';
import type { Message } from '../types';

/**
 * The messages of a request, shaped for the strictest chat templates (Llama 2, Mistral, Gemma):
 * after the system prompt, user and assistant turns must alternate, or the server refuses it.
 */

/**
 * Sent after a partial reply to have the model carry on. Not every server accepts a trailing
 * assistant message as a prefix to extend (OpenAI's API starts a new reply), but every one
 * follows this instruction, and user, assistant, user still alternate.
 */
export const CONTINUE_INSTRUCTION =
  'Continue your previous reply exactly where it stopped. Do not repeat what you already wrote and do not comment on the interruption.';

/** Between two user turns that must become one. */
const USER_TURN_JOINER = '\n\n';

/**
 * Two user turns in a row become one: a reply that never got past thinking carries no text, so
 * it is left out, and the user's next message would otherwise follow their previous one.
 */
export function alternateRoles(messages: readonly ChatModelMessage[]): ChatModelMessage[] {
  const out: ChatModelMessage[] = [];
  for (const message of messages) {
    const previous = out.at(-1);
    if (previous?.role === 'user' && message.role === 'user' && typeof previous.content === 'string' && typeof message.content === 'string') {
      // Their PDFs go with them (issue 27: Anthropic and Responses send the files themselves).
      const documents = [...(previous.documents ?? []), ...(message.documents ?? [])];
      out[out.length - 1] = { ...previous, content: previous.content + USER_TURN_JOINER + message.content, ...(documents.length > 0 && { documents }) };
    } else {
      out.push(message);
    }
  }
  return out;
}

/**
 * The request that carries on `partial`, after `thread` (the conversation up to its question).
 * With text: that text as the assistant's turn, then the instruction. With only reasoning there
 * is nothing the model could extend (servers take no reasoning back), so the question is asked
 * again as it was: no hidden turn, and the new thinking and answer follow the old thinking.
 */
export function continueMessages(thread: readonly ChatModelMessage[], partial: Pick<Message, 'content'>): ChatModelMessage[] {
  if (partial.content === '') return alternateRoles(thread);
  return alternateRoles([...thread, { role: 'assistant', content: partial.content }, { role: 'user', content: CONTINUE_INSTRUCTION }]);
}
