/** A chat's Compare setting (issue 38) as stored, read where it is used; apart from compare-turn.ts so the chat page reads it without the request code. */
import type { Chat, CompareSetting } from '../types';

/** The most models one message is compared across. */
export const MAX_COMPARED = 4;

/**
 * The chat's Compare setting when it is one (2–4 distinct model references): stored data from a
 * backup or another device is read here, where it is used.
 */
export function compareSetting(chat: Chat | undefined): CompareSetting | undefined {
  const value = chat?.compare as unknown;
  if (typeof value !== 'object' || value === null) return undefined;
  const { models, blind } = value as { models?: unknown; blind?: unknown };
  if (!Array.isArray(models) || models.length < 2 || models.length > MAX_COMPARED) return undefined;
  if (!models.every((model) => typeof model === 'string' && model !== '') || new Set(models).size !== models.length) return undefined;
  return { models: models as string[], ...(blind === true && { blind }) };
}
