/** A compared answer's figures (issue 38): time to first token, speed and tokens, each marked "≈" where the browser estimated it; and which answer was fastest. */
import type { Message } from '../../../chat';
import { CHARS_PER_TOKEN_ESTIMATE, figuresOf } from '../../../chat/replies';
import { tn } from '../../../i18n/plural';
import { t } from '../chat-text';
import { formatNumber, formatSeconds } from '../message/stats-format';

export interface ColumnFigure {
  kind: 'first-token' | 'speed' | 'tokens';
  text: string;
  /** Measured or counted by the browser, not reported by the server. */
  estimated: boolean;
}

const marked = (text: string, estimated: boolean) => (estimated ? t('compare.figure.estimated', { figure: text }) : text);

/**
 * What is known of a settled answer. The time to its first token is the browser's own clock (what
 * the user waited); the speed and the tokens are the server's count where it reported usage, else
 * estimated from the text's length ("≈").
 */
export function columnFigures(message: Message): ColumnFigure[] {
  const figures: ColumnFigure[] = [];
  const timing = figuresOf(message);
  if (timing?.firstTokenMs !== undefined) figures.push({ kind: 'first-token', text: t('compare.figure.firstToken', { seconds: formatSeconds(timing.firstTokenMs) }), estimated: false });
  if (timing?.tokensPerSecond !== undefined) {
    const estimated = timing.estimated === true;
    figures.push({ kind: 'speed', text: marked(t('compare.figure.speed', { rate: formatNumber(timing.tokensPerSecond, 1) }), estimated), estimated });
  }
  const reported = message.usage?.completionTokens;
  const count = reported ?? Math.round(message.content.length / CHARS_PER_TOKEN_ESTIMATE);
  if (count > 0) {
    const estimated = reported === undefined;
    figures.push({ kind: 'tokens', text: marked(tn('compare.figure.tokens', count, { count: formatNumber(count, 0) }), estimated), estimated });
  }
  return figures;
}

/** The answer that wrote fastest, once every answer has settled and at least two have a speed; undefined otherwise. */
export function fastestOf(messages: readonly Message[]): string | undefined {
  if (messages.some((message) => message.status === 'streaming')) return undefined;
  const rated = messages.flatMap((message) => {
    const rate = message.status === 'complete' ? figuresOf(message)?.tokensPerSecond : undefined;
    return rate === undefined ? [] : [{ id: message.id, rate }];
  });
  if (rated.length < 2) return undefined;
  return rated.reduce((best, next) => (next.rate > best.rate ? next : best)).id;
}
