/**
 * The chat settings' numbers as typed, checked (SPEC B4, issue 5). Empty means unset: the server
 * decides, which is the default, since servers know their models' good values.
 */

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

/** Anthropic's smallest extended-thinking budget (issue 27). */
export const THINKING_BUDGET_MIN = 1024;

export function parseThinkingBudget(text: string): ParsedSetting {
  if (text.trim() === '') return { ok: true, value: undefined };
  const value = toNumber(text);
  return Number.isInteger(value) && value >= THINKING_BUDGET_MIN ? { ok: true, value } : { ok: false };
}

/** Responses' reasoning efforts, as the chat settings offer them (empty: the model's default). */
export const REASONING_EFFORTS = ['minimal', 'low', 'medium', 'high'] as const;
export type ReasoningEffortChoice = (typeof REASONING_EFFORTS)[number];
export const isReasoningEffort = (value: string): value is ReasoningEffortChoice => (REASONING_EFFORTS as readonly string[]).includes(value);

/** How a stored number is shown for editing ("" when unset). */
export const settingText = (value: number | undefined): string => (value === undefined ? '' : String(value));
