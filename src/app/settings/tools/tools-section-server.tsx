import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { ApprovalLapseNote } from '../../../pages/shared/approval-lapse-note';
import {
  approvalLapse,
  getToolSettingsStore,
  openSignInPopup,
  policyFor,
  signInMcpServer,
  type McpConnection,
  type McpFailureReason,
  type McpServerAddress,
  type McpServerConfig,
  type ToolPolicies,
  type ToolPolicy,
} from '../../../chat/mcp';
import { Button } from '../../../ui/button';
import { HeadersField } from '../shared/headers-field';
import { t } from '../shared/settings-text';
import { ToolsFailure } from './tools-section-failure';
import { checkServer, ServerForm, type ServerFormSubmit } from './tools-server-form';
import { tn } from '../../../i18n/plural';

/** Connects to an MCP server (connectMcpServer in the app; tests pass their own). */
export type ConnectMcp = (address: McpServerAddress) => Promise<McpConnection>;

/** A sign-in that did not finish: the popup blocked or closed, the server refused, or something else failed. */
type SignInProblem = { problem: 'blocked' | 'closed' | 'denied' | 'resource' | 'failed'; detail: string };

type ConnectState =
  | { state: 'idle' }
  | { state: 'connecting' }
  | { state: 'ok' }
  | { state: 'failed'; reason: McpFailureReason; detail?: string }
  /** The server asked for OAuth sign-in (again, after a problem). */
  | ({ state: 'sign-in' } & Partial<SignInProblem>)
  | { state: 'signing-in' };

/** The sign-in popup's size: room for a typical login form, small enough to show it is a side window. */
const SIGN_IN_POPUP = 'popup,width=520,height=720';

function signInProblem(error: unknown): SignInProblem {
  const detail = error instanceof Error ? error.message : String(error);
  const reason = error instanceof Error && error.name === 'McpSignInError' ? (error as { reason?: unknown }).reason : undefined;
  return { problem: reason === 'blocked' || reason === 'closed' || reason === 'denied' || reason === 'resource' ? reason : 'failed', detail };
}

const POLICY_ORDER: readonly ToolPolicy[] = ['on', 'ask', 'off'];

/** A server's tools, or where they stand; shown in the server's status region. */
function toolCount(server: McpServerConfig): string {
  if (!server.tools) return t('tools.server.notListed');
  if (server.tools.length === 0) return t('tools.server.noTools');
  return tn('tools.server.count', server.tools.length);
}

export interface ToolServerItemProps {
  server: McpServerConfig;
  policies: ToolPolicies;
  connect: ConnectMcp;
  now: () => number;
  /** Connect as soon as it appears (a server just added that asked for a sign-in). */
  autoConnect: boolean;
  /** Just added, its tools just listed: it shows as connected. */
  listed?: boolean;
  headingRef?: Ref<HTMLHeadingElement>;
  onRemoved(): void;
}

/**
 * One MCP server in Settings → Tools: its name and address, its headers, Connect (which lists its
 * tools and keeps them), each tool with its policy, and Remove. A failure says why, with the fix.
 */
export function ToolServerItem({ server, policies, connect, now, autoConnect, listed = false, headingRef, onRemoved }: ToolServerItemProps) {
  const id = useId();
  const store = getToolSettingsStore();
  const [status, setStatus] = useState<ConnectState>({ state: 'idle' });
  useEffect(() => {
    if (listed) setStatus((current) => (current.state === 'idle' ? { state: 'ok' } : current));
  }, [listed]);
  const headers = useRef(server.headers);
  const started = useRef(false);

  const [editing, setEditing] = useState(false);
  const editRef = useRef<HTMLButtonElement & HTMLAnchorElement>(null);

  const run = async () => {
    setStatus({ state: 'connecting' });
    // The list is all Settings needs: a chat opens its own connection when it calls a tool.
    const check = await checkServer(connect, { url: server.url, ...(headers.current && { headers: headers.current }) });
    if (check.state === 'ok') await store.updateServer(server.id, { tools: check.tools, listedAt: now(), unreachable: undefined });
    setStatus(check.state === 'ok' ? { state: 'ok' } : check);
  };

  /** Edit in place: a new address or headers are tried first; a name alone is saved as it is. */
  const saveEdit: ServerFormSubmit = async (fields, { anyway }) => {
    const label = fields.label.trim() || fields.url.trim();
    const url = fields.url.trim();
    const moved = url !== server.url || JSON.stringify(fields.headers ?? {}) !== JSON.stringify(server.headers ?? {});
    if (!moved) {
      await store.updateServer(server.id, { label });
    } else {
      const check = anyway ? undefined : await checkServer(connect, { url, ...(fields.headers && { headers: fields.headers }) });
      if (check?.state === 'failed') return check;
      // Another address is another server: its listing and any sign-in were the old one's.
      await store.updateServer(server.id, {
        label,
        url,
        headers: fields.headers,
        tools: check?.state === 'ok' ? check.tools : undefined,
        listedAt: check?.state === 'ok' ? now() : undefined,
        oauth: undefined,
        unreachable: anyway ? true : undefined,
      });
      headers.current = fields.headers;
      setStatus(check?.state === 'ok' ? { state: 'ok' } : check?.state === 'sign-in' ? { state: 'sign-in' } : { state: 'idle' });
    }
    setEditing(false);
    requestAnimationFrame(() => editRef.current?.focus());
    return undefined;
  };

  const signIn = async () => {
    // Opened now, on the click: a window opened after an await is blocked as an unrequested popup.
    const popup = openSignInPopup(SIGN_IN_POPUP);
    if (!popup) return setStatus({ state: 'sign-in', problem: 'blocked', detail: '' });
    setStatus({ state: 'signing-in' });
    try {
      await signInMcpServer(server, popup);
    } catch (error) {
      return setStatus({ state: 'sign-in', ...signInProblem(error) });
    }
    await run();
  };

  useEffect(() => {
    if (!autoConnect || started.current) return;
    started.current = true;
    void run();
    // Once, for the server just added; later connections are the user's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [autoConnect]);

  const saveHeaders = () => {
    const next = headers.current;
    if (JSON.stringify(next ?? {}) === JSON.stringify(server.headers ?? {})) return;
    void store.updateServer(server.id, { headers: next });
  };

  if (editing) {
    return (
      <li className="tool-server" data-state="editing" aria-labelledby={`${id}name`}>
        <span id={`${id}name`} className="visually-hidden">
          {server.label}
        </span>
        <ServerForm
          title={t('tools.edit.title', { name: server.label })}
          initial={{ label: server.label, url: server.url, ...(server.headers && { headers: server.headers }) }}
          submitLabel={t('tools.edit.save')}
          anywayLabel={t('tools.edit.anyway')}
          onSubmit={saveEdit}
          onCancel={() => {
            setEditing(false);
            requestAnimationFrame(() => editRef.current?.focus());
          }}
        />
      </li>
    );
  }

  return (
    <li className="tool-server" data-state={status.state} aria-labelledby={`${id}name`}>
      <div className="tool-server__header">
        <h4 id={`${id}name`} ref={headingRef} tabIndex={-1} className="tool-server__name">
          {server.label}
        </h4>
        <span className="tool-server__url">{server.url}</span>
        {server.unreachable && (
          <span className="tool-server__mark" data-state="unreachable">
            {t('tools.server.unreachable')}
          </span>
        )}
      </div>
      <HeadersField
        initial={server.headers}
        onChange={(next) => {
          headers.current = next;
        }}
        onBlur={saveHeaders}
      />
      <div className="tool-server__actions">
        {(status.state === 'sign-in' || status.state === 'signing-in') && (
          <Button size="sm" icon="lucide:log-in" loading={status.state === 'signing-in'} onClick={signIn}>
            {status.state === 'signing-in' ? t('tools.oauth.signingIn') : t('tools.oauth.signIn', { name: server.label })}
          </Button>
        )}
        <Button ref={editRef} variant="outline" color="neutral" size="sm" icon="lucide:pencil" onClick={() => setEditing(true)}>
          {t('tools.server.edit', { name: server.label })}
        </Button>
        <Button variant="outline" size="sm" loading={status.state === 'connecting'} onClick={run}>
          {status.state === 'connecting' ? t('tools.server.connecting') : server.tools ? t('tools.server.refresh') : t('tools.server.connect')}
        </Button>
        <Button
          variant="ghost"
          color="error"
          size="sm"
          icon="lucide:trash-2"
          onClick={async () => {
            await store.removeServer(server.id);
            onRemoved();
          }}
        >
          {t('tools.server.remove', { name: server.label })}
        </Button>
      </div>
      <div className="tool-server__status" role="status" data-state={status.state}>
        {status.state === 'failed' ? (
          <ToolsFailure reason={status.reason} detail={status.detail} />
        ) : status.state === 'sign-in' ? (
          <SignInStatus problem={status.problem} detail={status.detail} />
        ) : (
          status.state !== 'connecting' && status.state !== 'signing-in' && <p className="settings-hint">{toolCount(server)}</p>
        )}
      </div>
      {server.tools && server.tools.length > 0 && (
        <ul className="tool-server__tools" aria-label={t('tools.server.tools', { name: server.label })}>
          {server.tools.map((tool) => {
            const target = { serverId: server.id, tool: tool.name };
            const policy = policyFor(policies, target, tool);
            const lapse = approvalLapse(policies, target, tool);
            return (
              <li key={tool.name} className="tool-server__tool" data-policy={policy} data-lapse={lapse?.reason}>
                <div className="tool-server__tool-text">
                  <span className="tool-server__tool-name">{tool.name}</span>
                  {/* Text, never markup: a tool's description is the server's untrusted words. */}
                  {tool.description && <span className="tool-server__tool-description">{tool.description}</span>}
                  {lapse && <ApprovalLapseNote lapse={lapse} tool={tool.name} />}
                </div>
                <select
                  className="settings-input tool-server__policy"
                  aria-label={t('tools.policy.label', { tool: tool.name })}
                  value={policy}
                  onChange={(event) => void store.setPolicy({ serverId: server.id, tool: tool.name }, event.target.value as ToolPolicy)}
                >
                  {POLICY_ORDER.map((value) => (
                    <option key={value} value={value}>
                      {t(`tools.policy.${value}`)}
                    </option>
                  ))}
                </select>
              </li>
            );
          })}
        </ul>
      )}
    </li>
  );
}

/** Why the server needs a sign-in, and what stopped the last one. */
function SignInStatus({ problem, detail = '' }: Partial<SignInProblem>) {
  return (
    <div className={problem ? 'settings-error tools-failure' : undefined} data-reason={problem ?? 'sign-in'}>
      <p className={problem ? undefined : 'settings-hint'}>{t('tools.oauth.needed')}</p>
      {problem && <p>{t(`tools.oauth.${problem}`, { detail })}</p>}
    </div>
  );
}
