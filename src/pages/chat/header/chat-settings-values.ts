/**
 * The chat settings' numbers as typed, checked (SPEC B4, issue 5). Empty means unset: the server
 * decides, which is the default, since servers know their models' good values.
 */
import { THINKING_BUDGET_MIN } from '../../../chat/types';

// The thinking budget's floor and the efforts are the chat room's (chat/types.ts): a stored or imported row is checked against them too.
export { isReasoningEffort, REASONING_EFFORTS, THINKING_BUDGET_MIN, type ReasoningEffortChoice } from '../../../chat/types';

/** The range OpenAI-compatible servers accept for temperature. */
export const TEMPERATURE_MIN = 0;
export const TEMPERATURE_MAX = 2;
/** Finer steps than a tenth make no difference anyone can tell. */
export const TEMPERATURE_STEP = 0.1;
/** A reply needs at least one token. */
export const MAX_TOKENS_MIN = 1;

export type ParsedSetting = { ok: true; value: number | undefined } | { ok: false };

/** Accepts a decimal comma too (type=number gives "" for text the browser cannot read, which is then "unset"). */
const toNumber = (text: string) => Number(text.trim().replace(',', '.'));

export function parseTemperature(text: string): ParsedSetting {
  if (text.trim() === '') return { ok: true, value: undefined };
  const value = toNumber(text);
  return Number.isFinite(value) && value >= TEMPERATURE_MIN && value <= TEMPERATURE_MAX ? { ok: true, value } : { ok: false };
}

export function parseMaxTokens(text: string): ParsedSetting {
  if (text.trim() === '') return { ok: true, value: undefined };
  const value = toNumber(text);
  return Number.isInteger(value) && value >= MAX_TOKENS_MIN ? { ok: true, value } : { ok: false };
}

export function parseThinkingBudget(text: string): ParsedSetting {
  if (text.trim() === '') return { ok: true, value: undefined };
  const value = toNumber(text);
  return Number.isInteger(value) && value >= THINKING_BUDGET_MIN ? { ok: true, value } : { ok: false };
}


/** How a stored number is shown for editing ("" when unset). */
export const settingText = (value: number | undefined): string => (value === undefined ? '' : String(value));
