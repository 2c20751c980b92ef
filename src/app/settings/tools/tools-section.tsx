import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { connectMcpServer, getToolSettingsStore, MAX_STEP_LIMIT, MIN_STEP_LIMIT } from '../../../chat/mcp';
import { Button } from '../../../ui/button';
import { t } from '../shared/settings-text';
import { ADD_BUTTON } from '../shared/add-button';
import { ToolServerItem, type ConnectMcp } from './tools-section-server';
import { checkServer, ServerForm, type ServerFormSubmit } from './tools-server-form';
import './tools-section.css';

const connectFromPage: ConnectMcp = (address) => connectMcpServer(address, { pageUrl: location.href });

export interface ToolsSectionProps {
  /** How to reach an MCP server; the real client by default (component tests pass their own). */
  connect?: ConnectMcp;
  now?: () => number;
}

/**
 * Settings → Tools (issue 16): the MCP servers (added by address, with a name and headers), each
 * one's tools with their policy, and the step limit. Everything is saved as it is changed.
 */
export function ToolsSection({ connect = connectFromPage, now = Date.now }: ToolsSectionProps) {
  const id = useId();
  const store = getToolSettingsStore();
  const settings = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const [addedId, setAddedId] = useState<string | null>(null);
  /** A server just added that asked for a sign-in: its item connects at once, to offer Sign in. */
  const [signInId, setSignInId] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const addedRef = useRef<HTMLHeadingElement>(null);
  const [adding, setAdding] = useState(false);
  const [focusOpen, setFocusOpen] = useState(false);
  const openRef = useRef<HTMLButtonElement & HTMLAnchorElement>(null);

  useEffect(() => void store.init(), [store]);
  useEffect(() => {
    // The add form empties (its button disables): focus goes to the server just added.
    if (addedId) addedRef.current?.focus();
  }, [addedId]);
  useEffect(() => {
    // Cancelled: back to the button that opened the form.
    if (!focusOpen) return;
    setFocusOpen(false);
    openRef.current?.focus();
  }, [focusOpen]);

  return (
    <section className="settings-section tools-section" aria-labelledby={`${id}heading`}>
      <div className="settings-section__header">
        <h3 id={`${id}heading`} ref={headingRef} tabIndex={-1}>
          {t('tools.title')}
        </h3>
      </div>
      <p className="settings-hint">{t('tools.intro')}</p>
      {settings.servers.length === 0 ? (
        <p className="settings-hint">{t('tools.empty')}</p>
      ) : (
        <ul className="tool-servers" aria-label={t('tools.servers')}>
          {settings.servers.map((server) => (
            <ToolServerItem
              key={server.id}
              server={server}
              policies={settings.policies}
              connect={connect}
              now={now}
              autoConnect={server.id === signInId}
              listed={server.id === addedId && server.tools !== undefined}
              headingRef={server.id === addedId ? addedRef : undefined}
              // The item is gone: the section's heading is the stable place nearby.
              onRemoved={() => headingRef.current?.focus()}
            />
          ))}
        </ul>
      )}
      {adding ? (
        <AddServerForm
          connect={connect}
          now={now}
          onAdded={(serverId, signIn) => {
            setAdding(false);
            setAddedId(serverId);
            setSignInId(signIn ? serverId : null);
          }}
          onCancel={() => {
            setAdding(false);
            setFocusOpen(true);
          }}
        />
      ) : (
        <div>
          <Button ref={openRef} {...ADD_BUTTON} onClick={() => setAdding(true)}>
            {t('tools.add.open')}
          </Button>
        </div>
      )}
      <StepLimitField value={settings.stepLimit} onChange={(limit) => void store.setStepLimit(limit)} />
    </section>
  );
}

/** A new server: tried before it is added; one that cannot be reached is added only if the user says so. */
function AddServerForm({ connect, now, onAdded, onCancel }: { connect: ConnectMcp; now: () => number; onAdded(id: string, signIn: boolean): void; onCancel(): void }) {
  const submit: ServerFormSubmit = async (fields, { anyway }) => {
    const store = getToolSettingsStore();
    const check = anyway ? undefined : await checkServer(connect, { url: fields.url.trim(), ...(fields.headers && { headers: fields.headers }) });
    if (check?.state === 'failed') return check;
    const server = await store.addServer({ ...fields, ...(anyway && { unreachable: true }) });
    if (check?.state === 'ok') await store.updateServer(server.id, { tools: check.tools, listedAt: now() });
    onAdded(server.id, check?.state === 'sign-in');
    return undefined;
  };
  return (
    <ServerForm
      title={t('tools.add.title')}
      submitLabel={t('tools.add')}
      anywayLabel={t('tools.add.anyway')}
      onSubmit={submit}
      onCancel={onCancel}
    />
  );
}

/** The step limit: a whole number in range is kept as typed; anything else returns to the saved value on leaving. */
function StepLimitField({ value, onChange }: { value: number; onChange(limit: number): void }) {
  const id = useId();
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const valid = (input: string) => /^\d+$/.test(input) && Number(input) >= MIN_STEP_LIMIT && Number(input) <= MAX_STEP_LIMIT;
  return (
    <div className="settings-field tools-step-limit">
      <label htmlFor={`${id}limit`}>{t('tools.stepLimit.label')}</label>
      <input
        id={`${id}limit`}
        className="settings-input"
        type="number"
        inputMode="numeric"
        min={MIN_STEP_LIMIT}
        max={MAX_STEP_LIMIT}
        step={1}
        value={text}
        aria-describedby={`${id}hint`}
        aria-invalid={!valid(text) || undefined}
        onChange={(event) => {
          setText(event.target.value);
          if (valid(event.target.value)) onChange(Number(event.target.value));
        }}
        onBlur={() => setText(String(value))}
      />
      <p id={`${id}hint`} className="settings-hint">
        {t('tools.stepLimit.hint')}
      </p>
    </div>
  );
}
