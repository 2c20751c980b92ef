import { useEffect, useRef, useState } from 'react';
import {
  getConnectionsStore,
  keyMoveNeedsConsent,
  normalizeBaseUrl,
  type Connection,
  type ConnectionError,
  type ConnectionPatch,
  type TestResult,
} from '../../../chat/connections';
import type { KeyMoveAnswer } from './key-move-dialog';

interface Fields {
  baseUrl: string;
  apiKey: string;
  headers: Readonly<Record<string, string>> | undefined;
}

/** What the user asked for when an address needed confirming: just confirm it, or test it too. */
type Then = 'confirm' | 'test';

/**
 * One connection's edits and when they reach the store. The name saves as typed; the key and
 * headers when their field is left. An address is confirmed (and only then asked for models) when
 * its field is left with a new value, on Test connection, or when the editor closes; a key bound
 * to another address moves only after the user answered the key-move question.
 */
export function useConnectionDraft(connection: Connection) {
  const store = getConnectionsStore();
  const [baseUrl, setBaseUrlState] = useState(connection.baseUrl);
  const [urlError, setUrlError] = useState<ConnectionError | null>(null);
  const [apiKey, setApiKeyState] = useState(connection.apiKey ?? '');
  const [result, setResult] = useState<TestResult | null>(null);
  const [keyMove, setKeyMove] = useState<{ to: string; then: Then } | null>(null);
  // What the fields hold now (ahead of the render), for saving from events and the unmount cleanup.
  const draft = useRef<Fields>({ baseUrl, apiKey, headers: connection.headers });
  const stored = () => store.getSnapshot().connections.find((c) => c.id === connection.id);

  const save = (patch: ConnectionPatch = {}) => {
    const { apiKey: key, headers } = draft.current;
    return store.update(connection.id, { apiKey: key, headers, ...patch });
  };
  const runTest = async () => {
    setResult(null);
    // The format as stored now (its select saves at once), not as the editor first opened.
    const api = stored()?.api;
    setResult(await store.testConnection({ id: connection.id, kind: connection.kind, ...draft.current, ...(api && { api }) }));
  };
  const apply = (url: string, keepKey: boolean, then: Then): Promise<void> | undefined => {
    save({ baseUrl: url, confirmed: true, keepKey });
    return then === 'test' ? runTest() : undefined;
  };
  /** Confirms the typed address (asking first if the key would move); the test, when one runs at once. */
  const confirm = (then: Then): Promise<void> | undefined => {
    const normalized = normalizeBaseUrl(draft.current.baseUrl);
    setUrlError(normalized.ok ? null : normalized.error);
    if (!normalized.ok) return undefined;
    draft.current.baseUrl = normalized.url;
    setBaseUrlState(normalized.url);
    const current = stored();
    if (current && keyMoveNeedsConsent(current, normalized.url, draft.current.apiKey)) {
      setKeyMove({ to: normalized.url, then });
      return undefined;
    }
    return apply(normalized.url, false, then);
  };

  // Closing the dialog mid-edit saves too; a key is never moved unasked, so such an address stays unconfirmed.
  useEffect(
    () => () => {
      const normalized = normalizeBaseUrl(draft.current.baseUrl);
      const current = stored();
      if (!current || !normalized.ok || normalized.url === current.baseUrl) return void save();
      const ask = keyMoveNeedsConsent(current, normalized.url, draft.current.apiKey);
      save({ baseUrl: normalized.url, confirmed: !ask });
    },
    [],
  );

  return {
    baseUrl,
    urlError,
    apiKey,
    result,
    keyMove: keyMove && { to: keyMove.to, from: stored()?.apiKeyUrl ?? '' },
    setBaseUrl(value: string) {
      draft.current.baseUrl = value;
      setBaseUrlState(value);
      setResult(null);
      // A fixed address clears the error at once; a new error waits until the field is left.
      if (normalizeBaseUrl(value).ok) setUrlError(null);
    },
    leaveAddress() {
      const normalized = normalizeBaseUrl(draft.current.baseUrl);
      // Tabbing through an unchanged address (a preset's) confirms nothing.
      if (normalized.ok && normalized.url === stored()?.baseUrl) {
        draft.current.baseUrl = normalized.url;
        setBaseUrlState(normalized.url);
        setUrlError(null);
        return;
      }
      void confirm('confirm');
    },
    setApiKey(value: string) {
      draft.current.apiKey = value;
      setApiKeyState(value);
      setResult(null);
    },
    setHeaders(headers: Record<string, string> | undefined) {
      draft.current.headers = headers;
      setResult(null);
    },
    setSessionOnly(on: boolean) {
      save({ keyStorage: on ? 'session' : undefined });
    },
    /** Saves the key and headers (their field was left); the address is not part of it. */
    saveFields: () => void save(),
    /** A promise while the test runs, so the button shows it is busy. */
    test: () => confirm('test'),
    answerKeyMove(answer: KeyMoveAnswer) {
      const asked = keyMove;
      setKeyMove(null);
      if (!asked) return;
      if (answer === 'cancel') {
        // Nothing changes: the address goes back to the confirmed one.
        const current = stored();
        if (current) {
          draft.current.baseUrl = current.baseUrl;
          setBaseUrlState(current.baseUrl);
        }
        return;
      }
      if (answer === 'remove') {
        draft.current.apiKey = '';
        setApiKeyState('');
      }
      void apply(asked.to, answer === 'keep', asked.then);
    },
  };
}
