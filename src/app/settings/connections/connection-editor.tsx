import { useId, useRef, useState } from 'react';
import { apiPresetFor, isWireApi } from '../../../chat/connections/connection-apis';
import {
  CONNECTION_PRESETS,
  getConnectionsStore,
  isConnectionKind,
  keyNeedsReentry,
  presetFor,
  type Connection,
} from '../../../chat/connections';
import { refocusWhenEnabled } from '../../../lib/refocus-when-enabled';
import { t } from '../shared/settings-text';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/dialog';
import { ApiKeyField } from './api-key-field';
import { baseUrlErrorText } from '../shared/base-url-error';
import { HeadersField } from '../shared/headers-field';
import { KeyMoveDialog } from './key-move-dialog';
import { RequestsAtOnceField } from './requests-at-once-field';
import { TestResultView } from './test-result';
import { useConnectionDraft } from './use-connection-draft';

export interface ConnectionEditorProps {
  connection: Connection;
  /** Focus the name field when it appears (a connection just added). */
  autoFocus?: boolean;
  onRemoved(): void;
}

/**
 * One connection's settings, saved without a Save button to forget (see useConnectionDraft for
 * when each field reaches the store). An address that is not valid is flagged when its field is
 * left, and not saved; one that was never confirmed says so instead of being asked anything.
 */
export function ConnectionEditor({ connection, autoFocus = false, onRemoved }: ConnectionEditorProps) {
  const store = getConnectionsStore();
  const id = useId();
  const [name, setName] = useState(connection.name);
  const [confirming, setConfirming] = useState(false);
  const draft = useConnectionDraft(connection);
  const preset = apiPresetFor(connection.api) ?? presetFor(connection.kind);
  const update = (patch: Parameters<typeof store.update>[1]) => store.update(connection.id, patch);
  const urlError = draft.urlError;
  const testRef = useRef<HTMLButtonElement & HTMLAnchorElement>(null);
  // The button is disabled while it asks, which drops focus: it takes it back with the answer.
  const test = () => draft.test()?.then(() => refocusWhenEnabled(testRef.current));

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
        <label htmlFor={`${id}api`}>{t('settings.api.label')}</label>
        <select
          id={`${id}api`}
          className="settings-input"
          value={connection.api ?? ''}
          aria-describedby={`${id}apiHint`}
          onChange={(event) => update({ api: isWireApi(event.target.value) ? event.target.value : undefined })}
        >
          <option value="">{t('settings.api.chat')}</option>
          <option value="anthropic">{t('settings.api.anthropic')}</option>
          <option value="responses">{t('settings.api.responses')}</option>
        </select>
        <p id={`${id}apiHint`} className="settings-hint">
          {t(connection.api === 'anthropic' ? 'settings.api.hint.anthropic' : connection.api === 'responses' ? 'settings.api.hint.responses' : 'settings.api.hint.chat')}
        </p>
        {connection.api === 'responses' && (
          <>
            <label className="settings-check">
              <input
                type="checkbox"
                checked={connection.storeResponses === true}
                aria-describedby={`${id}storeHint`}
                onChange={(event) => update({ storeResponses: event.target.checked || undefined })}
              />
              {t('settings.storeResponses.label')}
            </label>
            <p id={`${id}storeHint`} className="settings-hint">
              {t('settings.storeResponses.hint')}
            </p>
          </>
        )}
      </div>
      <div className="settings-field">
        <label htmlFor={`${id}url`}>{t('settings.baseUrl.label')}</label>
        <input
          id={`${id}url`}
          className="settings-input"
          type="url"
          inputMode="url"
          value={draft.baseUrl}
          placeholder={preset.baseUrl}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={urlError !== null || undefined}
          aria-describedby={urlError ? `${id}urlError` : `${id}urlHint`}
          onChange={(event) => draft.setBaseUrl(event.target.value)}
          onBlur={draft.leaveAddress}
        />
        {urlError ? (
          <p id={`${id}urlError`} className="settings-error">
            {baseUrlErrorText(urlError)}
          </p>
        ) : (
          <p id={`${id}urlHint`} className="settings-hint">
            {connection.pending ? t('settings.baseUrl.pending') : t('settings.baseUrl.hint', { example: preset.baseUrl })}
          </p>
        )}
      </div>
      <ApiKeyField
        value={draft.apiKey}
        required={preset.needsKey}
        onChange={draft.setApiKey}
        onBlur={draft.saveFields}
        sessionOnly={connection.keyStorage === 'session'}
        onSessionOnlyChange={draft.setSessionOnly}
        needsReentry={keyNeedsReentry(connection)}
      />
      <HeadersField initial={connection.headers} onChange={draft.setHeaders} onBlur={draft.saveFields} />
      <RequestsAtOnceField connection={connection} />
      <div className="connection-editor__actions">
        <Button ref={testRef} variant="soft" icon="lucide:activity" onClick={test}>
          {t('settings.test.action')}
        </Button>
        <Button variant="ghost" color="error" icon="lucide:trash-2" onClick={() => setConfirming(true)}>
          {t('settings.remove.action')}
        </Button>
      </div>
      <TestResultView result={draft.result} kind={connection.kind} api={connection.api} base={connection.baseUrl} />
      <KeyMoveDialog to={draft.keyMove?.to ?? null} from={draft.keyMove?.from ?? ''} onAnswer={draft.answerKeyMove} />
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
