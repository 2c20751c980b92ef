/**
 * The message the OAuth callback page (oauth-callback-page.ts) sends back to the app, and the app's
 * check of it; and the opening of the sign-in popup. No SDK here: the callback page's script
 * carries this file and nothing else.
 */

/** The callback page's file, next to index.html (build.mjs writes it there). */
export const CALLBACK_PAGE = 'oauth-callback.html';
/** Tells this message from any other a window may receive. */
export const CALLBACK_MESSAGE_TYPE = 'parley-oauth-callback';
/**
 * The BroadcastChannel the callback page answers on: the popup has no opener to post to (see
 * openSignInPopup), and a channel reaches only pages of this origin.
 */
export const CALLBACK_CHANNEL = 'parley-oauth-callback';

export interface CallbackMessage {
  type: typeof CALLBACK_MESSAGE_TYPE;
  state: string | null;
  code: string | null;
  /** The authorization server's `error` (access_denied…), when it refused. */
  error: string | null;
}

/** What the authorization server's redirect put in the callback page's query. */
export function callbackMessageFrom(query: URLSearchParams): CallbackMessage {
  return { type: CALLBACK_MESSAGE_TYPE, state: query.get('state'), code: query.get('code'), error: query.get('error') };
}

export interface ExpectedCallback {
  /** This page's origin: the callback page is ours, so nothing else may answer. */
  origin: string;
  /** The `state` this sign-in sent (random, never shown): a stale or forged answer carries another. */
  state: string;
}

export type CallbackResult = { code: string } | { error: string };

/** The sign-in's answer in a message event, or undefined when the message is not that answer (ignored). */
export function readCallbackMessage(event: Pick<MessageEvent, 'origin' | 'data'>, expected: ExpectedCallback): CallbackResult | undefined {
  if (event.origin !== expected.origin) return undefined;
  const data: unknown = event.data;
  if (typeof data !== 'object' || data === null) return undefined;
  const message = data as Partial<Record<keyof CallbackMessage, unknown>>;
  if (message.type !== CALLBACK_MESSAGE_TYPE || message.state !== expected.state) return undefined;
  if (typeof message.code === 'string' && message.code !== '') return { code: message.code };
  return { error: typeof message.error === 'string' && message.error !== '' ? message.error : 'no_code' };
}

/**
 * Opens the sign-in popup, blank, on the user's click (a window opened after an await is blocked),
 * and disowns it at once (issue 20, reverse tabnabbing): every page it later shows, the
 * authorization server's included, finds `window.opener` null and cannot navigate Parley's tab.
 * Unlike `noopener` (whose window.open returns null), this keeps the handle that tells a blocked
 * window (null) and one the user closed (`closed`). Null when the browser blocked it.
 */
export function openSignInPopup(features: string): Window | null {
  const popup = window.open('about:blank', '_blank', features);
  if (popup) popup.opener = null;
  return popup;
}
