import type { Message } from '../../chat';
import { t } from '../../i18n';

/** The figures under a reply and the reasoning toggle's duration, as text. Pure. */

/** Below this many seconds a duration shows a tenth (0.4 s); above, whole seconds are precise enough. */
export const TENTHS_BELOW_SECONDS = 10;
/** A reasoning that took any time at all reads "1 s", never "0 s". */
export const MIN_THOUGHT_SECONDS = 1;

export type StatKind = 'first-token' | 'speed' | 'tokens';

export interface Stat {
  kind: StatKind;
  text: string;
}

/** Building an Intl.NumberFormat costs far more than using one: one per locale and precision. */
const formats = new Map<string, Intl.NumberFormat>();

function formatNumber(value: number, fractionDigits: number, locale?: string): string {
  const key = `${locale ?? ''}|${fractionDigits}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.NumberFormat(locale, { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits })));
  return format.format(value);
}

export function formatSeconds(ms: number, locale?: string): string {
  const seconds = ms / 1000;
  return formatNumber(seconds, seconds < TENTHS_BELOW_SECONDS ? 1 : 0, locale);
}

/** Tokens used: the server's total, else what it reported of prompt and completion. */
export function tokensUsed(usage: Message['usage']): number | undefined {
  if (!usage) return undefined;
  if (usage.totalTokens !== undefined) return usage.totalTokens;
  if (usage.promptTokens === undefined && usage.completionTokens === undefined) return undefined;
  return (usage.promptTokens ?? 0) + (usage.completionTokens ?? 0);
}

/** Time to first token, tokens per second (marked when estimated) and tokens used, for what is known. */
export function messageStats(message: Pick<Message, 'usage' | 'timing'>, locale?: string): Stat[] {
  const stats: Stat[] = [];
  const { timing } = message;
  if (timing?.firstTokenMs !== undefined) {
    stats.push({ kind: 'first-token', text: t('chat.stats.firstToken', { seconds: formatSeconds(timing.firstTokenMs, locale) }) });
  }
  if (timing?.tokensPerSecond !== undefined) {
    const rate = formatNumber(timing.tokensPerSecond, 1, locale);
    const key = timing.estimated ? 'chat.stats.speedEstimated' : 'chat.stats.speed';
    stats.push({ kind: 'speed', text: t(key, { rate }) });
  }
  const tokens = tokensUsed(message.usage);
  if (tokens !== undefined) {
    stats.push({ kind: 'tokens', text: t('chat.stats.tokens', { count: formatNumber(tokens, 0, locale) }) });
  }
  return stats;
}

/**
 * How long the model thought, in whole seconds. Streams don't mark where reasoning ends, so the
 * generating time is split by the share of the text that is reasoning; undefined without timing.
 */
export function thoughtSeconds(message: Pick<Message, 'timing' | 'reasoning' | 'content'>): number | undefined {
  const { timing } = message;
  const reasoning = message.reasoning?.length ?? 0;
  if (timing?.totalMs === undefined || reasoning === 0) return undefined;
  const first = timing.firstTokenMs ?? 0;
  const share = reasoning / (reasoning + message.content.length);
  const ms = first + Math.max(0, timing.totalMs - first) * share;
  return Math.max(MIN_THOUGHT_SECONDS, Math.round(ms / 1000));
}
