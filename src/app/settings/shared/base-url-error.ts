import type { ConnectionError } from '../../../chat/connections';
import { t, type MessageKey } from './settings-text';

const KEYS: Record<ConnectionError, MessageKey> = {
  empty: 'settings.baseUrl.error.empty',
  malformed: 'settings.baseUrl.error.malformed',
  protocol: 'settings.baseUrl.error.protocol',
  credentials: 'settings.baseUrl.error.credentials',
  query: 'settings.baseUrl.error.query',
  'not-found': 'settings.baseUrl.error.notFound',
};

/** Why an address was refused, in words, with what to type instead. */
export function baseUrlErrorText(error: ConnectionError): string {
  return t(KEYS[error]);
}
