import { memo, useEffect, useId, useRef, useState } from 'react';
import { getChatStore, type ToolCall } from '../../../chat';
import { approvalLapse, type ApprovalLapse } from '../../../chat/mcp/approval-policy';
import { ApprovalLapseNote } from '../../shared/approval-lapse-note';
import { t } from '../chat-text';
import { Button } from '../../../ui/button';
import { Icon } from '../../../ui/icon';
import { useToolServers } from './tool-settings-view';
import { WEB_SEARCH_ID } from '../../../chat/web-search';
import '../message/reply-extras.css';

type ToolCallState = NonNullable<ToolCall['state']>;

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

/** The id the store knows a call by (the server's, or its place in the reply when the server gave none). */
export const callIdOf = (call: ToolCall) => call.id ?? String(call.index);

/** A call that was only shown (the chat offered no tools): what the model asked, as before tools ran. */
function RequestedCall({ call }: { call: ToolCall }) {
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

interface CallCardProps {
  call: ToolCall & { state: ToolCallState };
  serverLabel?: string;
  /** Why a tool the user allowed asks anyway (changed since, or allowed before that was checked). */
  lapse?: ApprovalLapse;
  onDecide(call: ToolCall, decision: 'approve' | 'deny' | 'always'): void;
}

/** A call the tools ran or will run: the tool, its server, its arguments, its state and, while it waits, the choice. */
function CallCard({ call, serverLabel, lapse, onDecide }: CallCardProps) {
  const tool = call.tool ?? (call.name || t('chat.toolCall.unnamed'));
  const pretty = prettyArguments(call.arguments);
  const titleId = useId();
  return (
    <li className="tool-call" data-state={call.state} data-call-id={callIdOf(call)} tabIndex={-1} aria-labelledby={titleId}>
      <p className="tool-call__summary tool-call__header">
        <Icon name={TOOL_CALL_ICON} className="tool-call__icon" />
        <span id={titleId} className="tool-call__name">
          {tool}
        </span>
        {serverLabel && <span className="tool-call__server">{t('tools.call.server', { server: serverLabel })}</span>}
        <span className="tool-call__state" data-state={call.state}>
          {t(`tools.call.state.${call.state}`)}
        </span>
      </p>
      {isEmpty(pretty) ? (
        <p className="tool-call__no-arguments">{t('tools.call.noArguments')}</p>
      ) : (
        // Parley's own web search says its query on its result ("Searched: …"): its arguments stay folded.
        <details open={call.state === 'pending' || (call.serverId !== WEB_SEARCH_ID && pretty.split('\n').length <= TOOL_ARGUMENTS_OPEN_MAX_LINES)}>
          <summary className="tool-call__arguments-toggle">{t('tools.call.arguments', { tool })}</summary>
          {/* Text in a <pre>, never markup: arguments are the model's untrusted output. */}
          <pre className="tool-call__arguments">
            <code>{pretty}</code>
          </pre>
        </details>
      )}
      {call.state === 'pending' && lapse && <ApprovalLapseNote lapse={lapse} tool={tool} />}
      {call.state === 'pending' && (
        <div className="tool-call__decision" role="group" aria-label={t('tools.call.decision', { tool })}>
          <Button size="sm" className="tool-call__approve" icon="lucide:check" onClick={() => onDecide(call, 'approve')}>
            {t('tools.call.approve')}
          </Button>
          <Button size="sm" variant="outline" color="neutral" icon="lucide:x" onClick={() => onDecide(call, 'deny')}>
            {t('tools.call.deny')}
          </Button>
          <Button size="sm" variant="ghost" color="neutral" onClick={() => onDecide(call, 'always')}>
            {t('tools.call.always')}
          </Button>
        </div>
      )}
    </li>
  );
}

const hasState = (call: ToolCall): call is ToolCall & { state: ToolCallState } => call.state !== undefined;

export interface ToolCallListProps {
  calls: readonly ToolCall[] | undefined;
  /** The reply the calls belong to (the store's approve/deny act on it). */
  messageId?: string;
}

/**
 * The tools a reply asked to call, each with its arguments (SPEC B10). A call waiting for the
 * user offers Approve, Deny and Always allow; once decided, focus moves to the next call still
 * waiting, or stays on the card it was on, so a keyboard user never lands back at the page's top.
 * Memoised: a streaming reply's text does not render it again (its calls keep their identity).
 */
export const ToolCallList = memo(function ToolCallList({ calls, messageId }: ToolCallListProps) {
  const {
    servers,
    settings: { policies },
  } = useToolServers();
  const listRef = useRef<HTMLUListElement>(null);
  const [decided, setDecided] = useState<string | null>(null);

  useEffect(() => {
    if (decided === null) return;
    const list = listRef.current;
    if (!list || calls?.some((call) => callIdOf(call) === decided && call.state === 'pending')) return;
    setDecided(null);
    const next = list.querySelector<HTMLElement>('.tool-call[data-state="pending"] .tool-call__approve');
    const card = [...list.querySelectorAll<HTMLElement>('.tool-call')].find((element) => element.dataset.callId === decided);
    (next ?? card)?.focus();
  }, [calls, decided]);

  if (!calls?.length) return null;
  const decide = (call: ToolCall, decision: 'approve' | 'deny' | 'always') => {
    if (!messageId) return;
    setDecided(callIdOf(call));
    const store = getChatStore();
    if (decision === 'deny') store.denyToolCall(messageId, callIdOf(call));
    else store.approveToolCall(messageId, callIdOf(call), decision === 'always');
  };
  const cardContext = (call: ToolCall): Pick<CallCardProps, 'serverLabel' | 'lapse'> => {
    const server = servers.find((entry) => entry.id === call.serverId);
    const current = server?.tools?.find((tool) => tool.name === call.tool);
    const lapse = server && call.tool ? approvalLapse(policies, { serverId: server.id, tool: call.tool }, current) : undefined;
    return { ...(server && { serverLabel: server.label }), ...(lapse && { lapse }) };
  };
  const onlyShown = !calls.some(hasState);
  return (
    <div className="tool-calls" role="group" aria-label={t('chat.toolCall.label')}>
      <ul ref={listRef} className="tool-calls__list">
        {calls.map((call) =>
          hasState(call) ? (
            <CallCard key={call.index} call={call} {...cardContext(call)} onDecide={decide} />
          ) : (
            <RequestedCall key={call.index} call={call} />
          ),
        )}
      </ul>
      {onlyShown && <p className="tool-calls__note">{t('chat.toolCall.notRun')}</p>}
    </div>
  );
});
