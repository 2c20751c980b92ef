import type { Message } from '../../../chat';
// By its own file: the chat index is in the first screen, which needs no reply figures.
import { figuresOf } from '../../../chat/replies';
import { t } from '../chat-text';
import { tn } from '../../../i18n/plural';

/** The figures under a reply and the reasoning toggle's duration, as text. Pure. */

/** Below this many seconds a duration shows a tenth (0.4 s); above, whole seconds are precise enough. */
export const TENTHS_BELOW_SECONDS = 10;
/** A reasoning that took any time at all reads "1 s", never "0 s". */
export const MIN_THOUGHT_SECONDS = 1;

export type StatKind = 'first-token' | 'speed' | 'tokens';

export interface Stat {
  kind: StatKind;
  text: string;
  /** More about the figure, for its tooltip and accessible description. */
  description?: string;
}

/** Building an Intl.NumberFormat costs far more than using one: one per locale and precision. */
const formats = new Map<string, Intl.NumberFormat>();

export function formatNumber(value: number, fractionDigits: number, locale?: string): string {
  const key = `${locale ?? ''}|${fractionDigits}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.NumberFormat(locale, { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits })));
  return format.format(value);
}

export function formatSeconds(ms: number, locale?: string): string {
  const seconds = ms / 1000;
  return formatNumber(seconds, seconds < TENTHS_BELOW_SECONDS ? 1 : 0, locale);
}

/** What the figures are read from: a reply and what was measured while it streamed. */
export type FiguresMessage = Pick<Message, 'content' | 'reasoning' | 'usage' | 'timing' | 'segments'>;

/**
 * The reply's own tokens (completion tokens, which count its reasoning too), described by the
 * prompt it was written for and, where the server says, how many of them were reasoning.
 */
function tokensStat(usage: Message['usage'], locale?: string): Stat | undefined {
  if (usage?.completionTokens === undefined) return undefined;
  const details: string[] = [];
  if (usage.promptTokens !== undefined) details.push(tn('chat.stats.promptTokens', usage.promptTokens, { count: formatNumber(usage.promptTokens, 0, locale) }));
  if (usage.reasoningTokens !== undefined) details.push(t('chat.stats.reasoningTokens', { count: formatNumber(usage.reasoningTokens, 0, locale) }));
  const stat: Stat = { kind: 'tokens', text: tn('chat.stats.tokens', usage.completionTokens, { count: formatNumber(usage.completionTokens, 0, locale) }) };
  if (details.length > 0) stat.description = details.join(' ');
  return stat;
}

/** Time to first token, tokens per second (marked when estimated) and the reply's tokens, for what is known. */
export function messageStats(message: FiguresMessage, locale?: string): Stat[] {
  const stats: Stat[] = [];
  const timing = figuresOf(message);
  if (timing?.firstTokenMs !== undefined) {
    stats.push({ kind: 'first-token', text: t('chat.stats.firstToken', { seconds: formatSeconds(timing.firstTokenMs, locale) }) });
  }
  if (timing?.tokensPerSecond !== undefined) {
    const rate = formatNumber(timing.tokensPerSecond, 1, locale);
    const key = timing.estimated ? 'chat.stats.speedEstimated' : 'chat.stats.speed';
    stats.push({ kind: 'speed', text: t(key, { rate }) });
  }
  const tokens = tokensStat(message.usage, locale);
  if (tokens) stats.push(tokens);
  return stats;
}

/**
 * How long the model thought, in whole seconds: from its first reasoning to its first answer,
 * as measured while it streamed, summed over the segments a Continue added. Undefined when that
 * was never measured (a reply older than the measure, or no reasoning).
 */
export function thoughtSeconds(message: FiguresMessage): number | undefined {
  const ms = figuresOf(message)?.thinkingMs;
  if (ms === undefined || !message.reasoning) return undefined;
  return Math.max(MIN_THOUGHT_SECONDS, Math.round(ms / 1000));
}
