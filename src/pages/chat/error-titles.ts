import type { ChatErrorCode } from '../../chat';
import type { MessageKey } from '../../i18n';

/** What a failed reply's code means for the user, in their language (SPEC B6); the model's own words follow it. */
const TITLES: Record<ChatErrorCode, MessageKey> = {
  'no-model': 'error.model.noModel',
  unreachable: 'error.model.unreachable',
  unauthorized: 'error.model.unauthorized',
  'model-not-found': 'error.model.notFound',
  'rate-limited': 'error.model.rateLimited',
  'server-error': 'error.model.serverError',
  'stream-interrupted': 'error.model.interrupted',
  'malformed-stream': 'error.model.malformed',
  unknown: 'error.model.unknown',
};

export function errorTitleKey(code: string | undefined): MessageKey {
  return code !== undefined && code in TITLES ? TITLES[code as ChatErrorCode] : TITLES.unknown;
}
