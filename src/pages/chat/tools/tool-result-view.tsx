import type { ReactNode } from 'react';
import { useChatStore, type Message, type ToolCall } from '../../../chat';
import { AssistantContent } from '../message/assistant-content';
import { t } from '../chat-text';
import { Icon } from '../../../ui/icon';
import { TOOL_CALL_ICON } from './tool-call-list';
import { plainCitationText } from '../../../chat/shapes/citation-text';
import { tn } from '../../../i18n/plural';

/** Steps up from a result to the reply that asked for it, past the results before it. */
const MAX_RESULTS_IN_A_ROW = 256;

/** Each chat's messages by id, built once per list (every result in the thread reads the same one while a reply streams). */
const indexes = new WeakMap<readonly Message[], Map<string, Message>>();
function indexOf(messages: readonly Message[]): Map<string, Message> {
  let index = indexes.get(messages);
  if (!index) {
    index = new Map(messages.map((message) => [message.id, message]));
    indexes.set(messages, index);
  }
  return index;
}

/**
 * The call a `tool` message answers: on the nearest reply above it with calls. Found by walking
 * up, not by id alone: servers number calls per reply (`call_1` again in the next one).
 */
function findCall(messages: readonly Message[] | undefined, result: ToolResultViewProps['message']): ToolCall | undefined {
  if (!messages || result.toolCallId === undefined) return undefined;
  const byId = indexOf(messages);
  let parent = result.parentId === null ? undefined : byId.get(result.parentId);
  for (let step = 0; parent && step < MAX_RESULTS_IN_A_ROW; step += 1) {
    if (parent.toolCalls?.length) return parent.toolCalls.find((call) => (call.id ?? String(call.index)) === result.toolCallId);
    parent = parent.parentId === null ? undefined : byId.get(parent.parentId);
  }
  return undefined;
}

/** The query a search tool was called with, as plain text; undefined when its arguments hold none. */
function searchQuery(args: string | undefined): string | undefined {
  try {
    const query = (JSON.parse(args ?? '') as { query?: unknown }).query;
    return plainCitationText(query, 200);
  } catch {
    return undefined;
  }
}

export interface ToolResultViewProps {
  message: Pick<Message, 'chatId' | 'parentId' | 'toolCallId' | 'content' | 'isError' | 'sources'>;
  /** The pictures the tool returned (the thread's files view, loaded with the first of them). */
  files?: ReactNode;
}

/**
 * What a tool returned, folded under "Result of <tool>" so the thread stays about the conversation.
 * The text is untrusted: it goes through the same markdown renderer as replies (React elements,
 * never HTML); pictures through the same viewer as attached ones.
 */
export function ToolResultView({ message, files }: ToolResultViewProps) {
  const call = useChatStore((snapshot) => findCall(snapshot.messages.get(message.chatId), message));
  const tool = call?.tool ?? (call?.name || t('tools.result.unknownTool'));
  // A search's results (issue 37) say what was searched and how many came back, as a provider's search step does.
  const query = message.sources?.length ? searchQuery(call?.arguments) : undefined;
  return (
    <details className="tool-result" data-state={message.isError ? 'error' : 'ok'}>
      <summary className="tool-result__summary">
        <Icon name={message.isError ? 'lucide:circle-alert' : TOOL_CALL_ICON} className="tool-result__icon" />
        <span>
          {message.isError
            ? t('tools.result.errorSummary', { tool })
            : query
              ? t('citations.toolSearched', { query, results: tn('citations.results', message.sources!.length) })
              : t('tools.result.summary', { tool })}
        </span>
      </summary>
      <div className="tool-result__body">
        {files}
        {message.content.trim() === '' ? <p className="tool-result__empty">{t('tools.result.empty')}</p> : <AssistantContent text={message.content} streaming={false} />}
      </div>
    </details>
  );
}
