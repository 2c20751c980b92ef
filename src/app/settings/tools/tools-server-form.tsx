import { useId, useRef, useState, type FormEvent } from 'react';
import { McpFailure, needsSignIn, type McpFailureReason, type McpServerAddress, type McpTool } from '../../../chat/mcp';
import { Button } from '../../../ui/button';
import { HeadersField } from '../shared/headers-field';
import { t } from '../shared/settings-text';
import { withPresetKey, type SearchPreset } from './search-presets';
import { ToolsFailure } from './tools-section-failure';
import { PresetKeyField, PresetPicker } from './tools-search-presets';
import type { ConnectMcp } from './tools-section-server';

/** What a person enters for an MCP server: a name, the address, headers. */
export interface ServerFields {
  label: string;
  url: string;
  headers?: Record<string, string>;
}

/** What a connection attempt found: the tools, a sign-in to do, or why it failed. */
export type ServerCheck = { state: 'ok'; tools: McpTool[] } | { state: 'sign-in' } | { state: 'failed'; reason: McpFailureReason; detail?: string };

/** Connects once to list the tools; the connection is closed again (a chat opens its own). */
export async function checkServer(connect: ConnectMcp, address: McpServerAddress): Promise<ServerCheck> {
  let connection: Awaited<ReturnType<ConnectMcp>> | undefined;
  try {
    connection = await connect(address);
    return { state: 'ok', tools: await connection.listTools() };
  } catch (error) {
    if (needsSignIn(error)) return { state: 'sign-in' };
    return { state: 'failed', reason: error instanceof McpFailure ? error.reason : 'unknown', detail: error instanceof Error ? error.message : String(error) };
  } finally {
    void connection?.close().catch(() => {});
  }
}

/** What the form does with the fields: the outcome of trying them, or nothing when they were saved. */
export type ServerFormSubmit = (fields: ServerFields, options: { anyway: boolean }) => Promise<ServerCheck | undefined>;

export interface ServerFormProps {
  /** The heading: "Add an MCP server", or "Edit <name>". */
  title: string;
  initial?: ServerFields;
  submitLabel: string;
  /** The button that keeps a server that could not be reached ("Add anyway", "Save anyway"). */
  anywayLabel: string;
  onSubmit: ServerFormSubmit;
  onCancel(): void;
}

/**
 * The fields of an MCP server, for adding one or editing it in place. Submitting tries the server
 * first: one that cannot be reached is explained (with the fix) and kept only if the person says
 * so, with the Anyway button; the fields stay, to be corrected and tried again. A new server can
 * start from a search preset (issue 37): its name and address filled in, its key asked for next.
 */
export function ServerForm({ title, initial, submitLabel, anywayLabel, onSubmit, onCancel }: ServerFormProps) {
  const id = useId();
  const [label, setLabel] = useState(initial?.label ?? '');
  const [url, setUrl] = useState(initial?.url ?? '');
  const headers = useRef<Record<string, string> | undefined>(initial?.headers);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Extract<ServerCheck, { state: 'failed' }>>();
  const [preset, setPreset] = useState<SearchPreset>();
  const [key, setKey] = useState('');
  /** Set when a preset was just chosen: its key field takes the focus once it is there. */
  const focusKey = useRef(false);
  const choose = (next: SearchPreset) => {
    setPreset(next);
    setLabel(next.name);
    setUrl(next.url);
    setFailure(undefined);
    focusKey.current = true;
  };

  const send = async (anyway: boolean) => {
    if (url.trim() === '') return;
    setBusy(true);
    try {
      const address = preset ? withPresetKey(preset, url, headers.current, key) : { url, ...(headers.current && { headers: headers.current }) };
      const outcome = await onSubmit({ label, ...address }, { anyway });
      setFailure(outcome?.state === 'failed' ? outcome : undefined);
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(false);
  };

  return (
    <form className="tools-add" aria-labelledby={`${id}title`} onSubmit={submit} aria-busy={busy || undefined}>
      <h4 id={`${id}title`}>{title}</h4>
      {!initial && <PresetPicker chosen={preset} onChoose={choose} />}
      <div className="settings-field">
        <label htmlFor={`${id}label`}>{t('tools.name.label')}</label>
        <input id={`${id}label`} autoFocus className="settings-input" value={label} placeholder={t('tools.name.placeholder')} onChange={(event) => setLabel(event.target.value)} autoComplete="off" />
      </div>
      <div className="settings-field">
        <label htmlFor={`${id}url`}>{t('tools.url.label')}</label>
        <input
          id={`${id}url`}
          className="settings-input"
          type="url"
          inputMode="url"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={`${id}urlHint`}
        />
        <p id={`${id}urlHint`} className="settings-hint">
          {t('tools.url.hint')}
        </p>
      </div>
      {preset && (
        <PresetKeyField
          preset={preset}
          value={key}
          onChange={setKey}
          inputRef={(element) => {
            if (element && focusKey.current) {
              focusKey.current = false;
              element.focus();
            }
          }}
        />
      )}
      <HeadersField initial={initial?.headers} onChange={(next) => (headers.current = next)} />
      <div className="tool-server__status" role="status">
        {busy ? (
          <p className="settings-hint">{t('tools.server.connecting')}</p>
        ) : (
          failure && (
            <>
              <ToolsFailure reason={failure.reason} detail={failure.detail} />
              <p className="settings-hint">{t('tools.add.unreachable')}</p>
            </>
          )
        )}
      </div>
      <div className="tools-add__actions">
        <Button type="submit" icon={initial ? 'lucide:check' : 'lucide:plus'} disabled={url.trim() === ''} loading={busy}>
          {failure ? t('tools.add.retry') : submitLabel}
        </Button>
        {failure && !busy && (
          <Button variant="outline" color="neutral" onClick={() => void send(true)}>
            {anywayLabel}
          </Button>
        )}
        <Button variant="ghost" color="neutral" onClick={onCancel}>
          {t('tools.add.cancel')}
        </Button>
      </div>
    </form>
  );
}
