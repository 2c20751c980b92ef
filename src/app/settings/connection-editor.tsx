import { useEffect, useId, useRef, useState } from 'react';
import {
  CONNECTION_PRESETS,
  getConnectionsStore,
  isConnectionKind,
  normalizeBaseUrl,
  presetFor,
  type Connection,
  type ConnectionError,
  type TestResult,
} from '../../chat/connections';
import { t } from '../../i18n';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/dialog';
import { ApiKeyField } from './api-key-field';
import { baseUrlErrorText } from './base-url-error';
import { HeadersField } from './headers-field';
import { TestResultView } from './test-result';

export interface ConnectionEditorProps {
  connection: Connection;
  /** Focus the name field when it appears (a connection just added). */
  autoFocus?: boolean;
  onRemoved(): void;
}

/**
 * One connection's settings, saved without a Save button to forget: the name as it is typed; the
 * address, key and headers when their field is left, before a test, and when the editor closes
 * (saving those while they are typed would have every model picker ask a half-typed address).
 * An address that is not valid is flagged when its field is left, and not saved.
 */
export function ConnectionEditor({ connection, autoFocus = false, onRemoved }: ConnectionEditorProps) {
  const store = getConnectionsStore();
  const id = useId();
  const [name, setName] = useState(connection.name);
  const [baseUrl, setBaseUrl] = useState(connection.baseUrl);
  const [urlError, setUrlError] = useState<ConnectionError | null>(null);
  const [apiKey, setApiKey] = useState(connection.apiKey ?? '');
  const [headers, setHeaders] = useState(connection.headers);
  const [result, setResult] = useState<TestResult | null>(null);
  const [confirming, setConfirming] = useState(false);
  const preset = presetFor(connection.kind);

  const update = (patch: Parameters<typeof store.update>[1]) => store.update(connection.id, patch);
  // What the request-shaping fields hold now (ahead of the render), for saving from events and the unmount cleanup.
  const draft = useRef({ baseUrl, apiKey, headers });
  const commit = () => {
    const { baseUrl: url, apiKey: key, headers: extra } = draft.current;
    const valid = normalizeBaseUrl(url).ok;
    store.update(connection.id, { ...(valid && { baseUrl: url }), apiKey: key, headers: extra });
  };
  // Closing the dialog mid-edit saves too (commit reads only the ref and the id, so this first copy stays current).
  useEffect(() => () => commit(), []);

  const changeAddress = (value: string) => {
    draft.current.baseUrl = value;
    setBaseUrl(value);
    setResult(null);
    // A fixed address clears the error at once; a new error waits until the field is left.
    if (normalizeBaseUrl(value).ok) setUrlError(null);
  };
  const leaveAddress = () => {
    const normalized = normalizeBaseUrl(draft.current.baseUrl);
    if (normalized.ok) {
      draft.current.baseUrl = normalized.url;
      setBaseUrl(normalized.url);
    }
    setUrlError(normalized.ok ? null : normalized.error);
    commit();
  };
  const test = async () => {
    commit();
    setResult(null);
    setResult(await store.testConnection({ id: connection.id, kind: connection.kind, ...draft.current }));
  };

  return (
    <div className="connection-editor">
      <div className="settings-field">
        <label htmlFor={`${id}name`}>{t('settings.name.label')}</label>
        <input
          id={`${id}name`}
          className="settings-input"
          value={name}
          autoFocus={autoFocus}
          autoComplete="off"
          onChange={(event) => {
            setName(event.target.value);
            update({ name: event.target.value });
          }}
        />
      </div>
      <div className="settings-field">
        <label htmlFor={`${id}kind`}>{t('settings.kind.label')}</label>
        <select
          id={`${id}kind`}
          className="settings-input"
          value={connection.kind}
          onChange={(event) => {
            if (isConnectionKind(event.target.value)) update({ kind: event.target.value });
          }}
        >
          {CONNECTION_PRESETS.map((option) => (
            <option key={option.kind} value={option.kind}>
              {option.name}
            </option>
          ))}
        </select>
      </div>
      <div className="settings-field">
        <label htmlFor={`${id}url`}>{t('settings.baseUrl.label')}</label>
        <input
          id={`${id}url`}
          className="settings-input"
          type="url"
          inputMode="url"
          value={baseUrl}
          placeholder={preset.baseUrl}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={urlError !== null || undefined}
          aria-describedby={urlError ? `${id}urlError` : `${id}urlHint`}
          onChange={(event) => changeAddress(event.target.value)}
          onBlur={leaveAddress}
        />
        {urlError ? (
          <p id={`${id}urlError`} className="settings-error">
            {baseUrlErrorText(urlError)}
          </p>
        ) : (
          <p id={`${id}urlHint`} className="settings-hint">
            {t('settings.baseUrl.hint', { example: preset.baseUrl })}
          </p>
        )}
      </div>
      <ApiKeyField
        value={apiKey}
        required={preset.needsKey}
        onChange={(value) => {
          draft.current.apiKey = value;
          setApiKey(value);
          setResult(null);
        }}
        onBlur={commit}
      />
      <HeadersField
        initial={connection.headers}
        onChange={(next) => {
          draft.current.headers = next;
          setHeaders(next);
          setResult(null);
        }}
        onBlur={commit}
      />
      <div className="connection-editor__actions">
        <Button variant="soft" icon="lucide:activity" onClick={test}>
          {t('settings.test.action')}
        </Button>
        <Button variant="ghost" color="error" icon="lucide:trash-2" onClick={() => setConfirming(true)}>
          {t('settings.remove.action')}
        </Button>
      </div>
      <TestResultView result={result} kind={connection.kind} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('settings.remove.title', { name: connection.name })}
        description={t('settings.remove.body')}
        confirmLabel={t('settings.remove.confirm')}
        destructive
        onConfirm={() => {
          store.remove(connection.id);
          onRemoved();
        }}
      />
    </div>
  );
}
