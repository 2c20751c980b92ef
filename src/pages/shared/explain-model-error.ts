import type { ConnectionKind } from '../../chat/connections';
import { registerMessages, t, type MessageKey } from '../../i18n';
import { modelErrors } from '../../i18n/en/model-errors';
import { nativeApis } from '../../i18n/en/native-apis';
import { formatWait } from './format-wait';

/**
 * What a model failure means and what to do about it, in the user's language (SPEC B6): the one
 * place that turns an error's code and reason into words, shared by "Test connection", the chat
 * page's inline errors and the app's error toasts. The fix names the setting of the server in use.
 */

export interface ModelErrorFacts {
  /** A ChatErrorCode (`unreachable`, `unauthorized`…); anything else is explained as unknown. */
  code: string;
  /** The finer reason (`cors`, `mixed-content`, `down`, `cors-or-down`, `invalid-url`, `endpoint-not-found`…). */
  reason?: string;
  status?: number;
  retryAfterMs?: number;
  /** The server's (or browser's) own words; returned as `detail`. */
  message?: string;
  /** The kind of server the request went to; picks the fix. Unknown: a generic OpenAI-compatible server. */
  kind?: ConnectionKind;
  /** The connection's wire format (issue 27): Anthropic's own fixes differ from a self-hosted server's. */
  api?: string;
  /** The connection's base URL, for fixes that name an address under it. */
  base?: string;
  /** This page's origin (`location.origin`), for the CORS settings that must name it. */
  origin?: string;
  /** The device has no network (`!navigator.onLine`, the default): a failure the network explains says so first. */
  offline?: boolean;
}

export interface ModelErrorExplanation {
  /** What happened, short. */
  title: string;
  /** Why, in a sentence or two. */
  body: string;
  /** What to do. */
  fix?: string;
  /** The server's own message, for the curious (shown smaller). */
  detail?: string;
}

type ServerGroup = 'ollama' | 'llamacpp' | 'lmstudio' | 'vllm' | 'hosted' | 'custom';

function groupOf(kind: ConnectionKind | undefined, api?: string): ServerGroup {
  // Anthropic answers browsers itself: what fails is the address, the network or the key, never its CORS setup.
  if (api === 'anthropic') return 'hosted';
  switch (kind) {
    case 'ollama':
    case 'llamacpp':
    case 'lmstudio':
    case 'vllm':
      return kind;
    case 'openai':
    case 'openrouter':
      return 'hosted';
    default:
      return 'custom';
  }
}

const CORS_FIX: Record<ServerGroup, MessageKey> = {
  ollama: 'modelError.fix.cors.ollama',
  llamacpp: 'modelError.fix.cors.llamacpp',
  lmstudio: 'modelError.fix.cors.lmstudio',
  vllm: 'modelError.fix.cors.vllm',
  hosted: 'modelError.fix.hosted',
  custom: 'modelError.fix.cors.custom',
};

const DOWN_FIX: Record<ServerGroup, MessageKey> = {
  ollama: 'modelError.fix.down.ollama',
  llamacpp: 'modelError.fix.down.llamacpp',
  lmstudio: 'modelError.fix.down.lmstudio',
  vllm: 'modelError.fix.down.vllm',
  hosted: 'modelError.fix.hosted',
  custom: 'modelError.fix.down.custom',
};

type Keys = { title: MessageKey; body: MessageKey; fix?: MessageKey };

function unreachable(facts: ModelErrorFacts, origin: string): ModelErrorExplanation {
  const group = groupOf(facts.kind, facts.api);
  const cors = t(CORS_FIX[group], { origin });
  const down = t(DOWN_FIX[group], { origin });
  switch (facts.reason) {
    case 'invalid-url':
      return { title: t('modelError.invalidUrl.title'), body: t('modelError.invalidUrl.body'), fix: t('modelError.invalidUrl.fix') };
    case 'mixed-content':
      return { title: t('modelError.mixedContent.title'), body: t('modelError.mixedContent.body'), fix: t('modelError.mixedContent.fix') };
    case 'cors':
      return { title: t('modelError.cors.title'), body: t('modelError.cors.body', { origin }), fix: cors };
    case 'down':
      return { title: t('modelError.down.title'), body: t('modelError.down.body'), fix: down };
    case 'timeout':
      return { title: t('modelError.timeout.title'), body: t('modelError.timeout.body'), fix: t('modelError.timeout.fix') };
    default: {
      // The browser hid the cause: give both fixes, the likelier first. A hosted service allows browsers.
      const fix = group === 'hosted' ? down : `${down} ${t('modelError.fix.ifRunning', { fix: cors })}`;
      return { title: t('modelError.unreachable.title'), body: t('modelError.corsOrDown.body', { origin }), fix };
    }
  }
}

function keysFor(facts: ModelErrorFacts, group: ServerGroup): Keys {
  const { code, reason } = facts;
  if (reason === 'context-length') return { title: 'modelError.contextLength.title', body: 'modelError.contextLength.body', fix: 'modelError.contextLength.fix' };
  switch (code) {
    case 'no-model':
      if (reason === 'connection-removed') {
        return { title: 'modelError.connectionRemoved.title', body: 'modelError.connectionRemoved.body', fix: 'modelError.connectionRemoved.fix' };
      }
      if (reason === 'no-model-chosen') {
        return { title: 'modelError.noModelChosen.title', body: 'modelError.noModelChosen.body', fix: 'modelError.noModelChosen.fix' };
      }
      return { title: 'modelError.noConnection.title', body: 'modelError.noConnection.body', fix: 'modelError.noConnection.fix' };
    case 'unauthorized':
      if (reason === 'forbidden') return { title: 'modelError.forbidden.title', body: 'modelError.forbidden.body', fix: 'modelError.forbidden.fix' };
      return {
        title: 'modelError.unauthorized.title',
        body: 'modelError.unauthorized.body',
        fix: facts.api === 'anthropic' ? 'modelError.unauthorized.fix.anthropic' : group === 'hosted' ? 'modelError.unauthorized.fix.hosted' : 'modelError.unauthorized.fix.local',
      };
    case 'model-not-found':
      if (reason === 'endpoint-not-found' && facts.api === 'anthropic') {
        return { title: 'modelError.noMessagesApi.title', body: 'modelError.noMessagesApi.body', fix: 'modelError.noMessagesApi.fix' };
      }
      if (reason === 'endpoint-not-found' && facts.api === 'responses') {
        return { title: 'modelError.noResponsesApi.title', body: 'modelError.noResponsesApi.body', fix: 'modelError.noResponsesApi.fix' };
      }
      if (reason === 'endpoint-not-found') {
        return { title: 'modelError.endpointNotFound.title', body: 'modelError.endpointNotFound.body', fix: 'modelError.endpointNotFound.fix' };
      }
      return {
        title: 'modelError.modelNotFound.title',
        body: 'modelError.modelNotFound.body',
        fix: group === 'ollama' ? 'modelError.modelNotFound.fix.ollama' : 'modelError.modelNotFound.fix',
      };
    case 'rate-limited':
      if (reason === 'quota') return { title: 'modelError.quota.title', body: 'modelError.quota.body', fix: 'modelError.quota.fix' };
      return facts.retryAfterMs !== undefined
        ? { title: 'modelError.rateLimited.title', body: 'modelError.rateLimited.bodyWait', fix: 'modelError.rateLimited.fixWait' }
        : { title: 'modelError.rateLimited.title', body: 'modelError.rateLimited.body', fix: 'modelError.rateLimited.fix' };
    case 'server-error':
      if (reason === 'bad-gateway') return { title: 'modelError.badGateway.title', body: 'modelError.badGateway.body', fix: 'modelError.badGateway.fix' };
      if (reason === 'overloaded') return { title: 'modelError.overloaded.title', body: 'modelError.overloaded.body', fix: 'modelError.overloaded.fix' };
      if (reason === 'unavailable') return { title: 'modelError.unavailable.title', body: 'modelError.unavailable.body', fix: 'modelError.unavailable.fix' };
      if (reason === 'gateway-timeout') {
        return { title: 'modelError.gatewayTimeout.title', body: 'modelError.gatewayTimeout.body', fix: 'modelError.gatewayTimeout.fix' };
      }
      return {
        title: 'modelError.serverError.title',
        body: facts.status !== undefined ? 'modelError.serverError.bodyStatus' : 'modelError.serverError.body',
        fix: 'modelError.serverError.fix',
      };
    case 'stream-interrupted':
      if (reason === 'provider-incomplete') {
        return { title: 'modelError.incompleteReply.title', body: 'modelError.incompleteReply.body', fix: 'modelError.incompleteReply.fix' };
      }
      if (reason === 'length-empty') return { title: 'modelError.lengthEmpty.title', body: 'modelError.lengthEmpty.body', fix: 'modelError.lengthEmpty.fix' };
      if (reason === 'first-byte-timeout') {
        return { title: 'modelError.firstByteTimeout.title', body: 'modelError.firstByteTimeout.body', fix: 'modelError.firstByteTimeout.fix' };
      }
      if (reason === 'idle-timeout') return { title: 'modelError.idleTimeout.title', body: 'modelError.idleTimeout.body', fix: 'modelError.interrupted.fix' };
      return {
        title: 'modelError.interrupted.title',
        body: reason === 'incomplete' ? 'modelError.incomplete.body' : 'modelError.connectionLost.body',
        fix: 'modelError.interrupted.fix',
      };
    case 'malformed-stream':
      if (reason === 'bad-json') return { title: 'modelError.malformed.title', body: 'modelError.badJson.body', fix: 'modelError.badJson.fix' };
      if (reason === 'event-too-large') return { title: 'modelError.malformed.title', body: 'modelError.eventTooLarge.body', fix: 'modelError.eventTooLarge.fix' };
      if (reason === 'ollama-native') return { title: 'modelError.ollamaNative.title', body: 'modelError.ollamaNative.body', fix: 'modelError.ollamaNative.fix' };
      if (reason === 'openai-api') return { title: 'modelError.openaiApi.title', body: 'modelError.openaiApi.body', fix: 'modelError.openaiApi.fix' };
      if (reason === 'anthropic-stream') return { title: 'modelError.anthropic.title', body: 'modelError.anthropic.body', fix: 'modelError.anthropic.fix' };
      return { title: 'modelError.malformed.title', body: 'modelError.notEventStream.body', fix: 'modelError.notEventStream.fix' };
    default:
      return { title: 'modelError.unknown.title', body: 'modelError.unknown.body' };
  }
}

const pageOrigin = () => (typeof location === 'undefined' ? '' : location.origin);
const deviceOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** Failures the network explains: no answer came (not a bad address or a blocked http://), or the answer broke off. */
function networkFailure({ code, reason }: ModelErrorFacts): boolean {
  if (code === 'unreachable') return reason !== 'invalid-url' && reason !== 'mixed-content' && reason !== 'context-length';
  return code === 'stream-interrupted' && reason !== 'provider-incomplete' && reason !== 'length-empty';
}

/** "You are offline" first, then what the server-specific explanation says (a local server may be down as well). */
function offlineFirst(explained: ModelErrorExplanation): ModelErrorExplanation {
  return {
    ...explained,
    title: t('modelError.offline.title'),
    body: t('modelError.offline.body', { problem: explained.title, body: explained.body }),
    fix: t('modelError.offline.fix', { fix: explained.fix ?? '' }).trim(),
  };
}

let registered = false;

/**
 * The explanations' strings (the largest area of the catalogue) travel with this module, which the
 * first screen does not load. Registered on first use rather than at import: a module with no
 * import-time effect stays out of every chunk that merely re-exports it (pages/shared/index.ts).
 */
function registerExplanations() {
  if (registered) return;
  registerMessages(modelErrors);
  registerMessages(nativeApis);
  registered = true;
}

export function explainModelError(facts: ModelErrorFacts): ModelErrorExplanation {
  const explained = explainFailure(facts);
  return (facts.offline ?? deviceOffline()) && networkFailure(facts) ? offlineFirst(explained) : explained;
}

function explainFailure(facts: ModelErrorFacts): ModelErrorExplanation {
  registerExplanations();
  const origin = facts.origin ?? pageOrigin();
  const detail = facts.message?.trim() || undefined;
  if (facts.code === 'unreachable' && facts.reason !== 'context-length') return { ...unreachable(facts, origin), ...(detail && { detail }) };
  const keys = keysFor(facts, groupOf(facts.kind, facts.api));
  const params = {
    base: facts.base ?? '',
    detail: facts.message ?? '',
    status: facts.status ?? '',
    wait: facts.retryAfterMs === undefined ? '' : formatWait(facts.retryAfterMs),
    origin,
  };
  return {
    title: t(keys.title, params),
    body: t(keys.body, params),
    ...(keys.fix && { fix: t(keys.fix, params) }),
    ...(detail && { detail }),
  };
}
