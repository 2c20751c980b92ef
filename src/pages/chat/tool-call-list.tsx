import type { ToolCall } from '../../chat';
import { t } from './chat-text';
import { Icon } from '../../ui/icon';
import './reply-extras.css';

export const TOOL_CALL_ICON = 'lucide:wrench';
/** Arguments up to this many lines show open; longer ones start folded so the thread stays readable. */
export const TOOL_ARGUMENTS_OPEN_MAX_LINES = 12;
/** Indentation of pretty-printed arguments. */
const JSON_INDENT = 2;

/** The arguments pretty-printed when they are JSON; as the model wrote them otherwise (a reply that broke off mid-call). */
export function prettyArguments(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, JSON_INDENT);
  } catch {
    return text;
  }
}

/** No arguments at all: nothing written, or an empty object. */
const isEmpty = (pretty: string) => pretty.trim() === '' || pretty === '{}';

function ToolCallItem({ call }: { call: ToolCall }) {
  const name = call.name || t('chat.toolCall.unnamed');
  const pretty = prettyArguments(call.arguments);
  if (isEmpty(pretty)) {
    return (
      <li className="tool-call" data-state="requested">
        <p className="tool-call__summary">
          <Icon name={TOOL_CALL_ICON} className="tool-call__icon" />
          <span>{t('chat.toolCall.askedNoArguments', { name })}</span>
        </p>
      </li>
    );
  }
  const open = pretty.split('\n').length <= TOOL_ARGUMENTS_OPEN_MAX_LINES;
  return (
    <li className="tool-call" data-state="requested">
      {/* A native disclosure: keyboard and assistive technology for free. */}
      <details open={open}>
        <summary className="tool-call__summary">
          <Icon name={TOOL_CALL_ICON} className="tool-call__icon" />
          <span>{t('chat.toolCall.asked', { name })}</span>
        </summary>
        {/* Text in a <pre>, never markup: arguments are the model's untrusted output. */}
        <pre className="tool-call__arguments">
          <code>{pretty}</code>
        </pre>
      </details>
    </li>
  );
}

/**
 * The tools a reply asked to call, each with its arguments (SPEC B10). Running them is for the
 * tools feature; until then the reader sees what was asked, and that it was not done.
 */
export function ToolCallList({ calls }: { calls: readonly ToolCall[] | undefined }) {
  if (!calls?.length) return null;
  return (
    <div className="tool-calls" role="group" aria-label={t('chat.toolCall.label')}>
      <ul className="tool-calls__list">
        {calls.map((call) => (
          <ToolCallItem key={call.index} call={call} />
        ))}
      </ul>
      <p className="tool-calls__note">{t('chat.toolCall.notRun')}</p>
    </div>
  );
}
