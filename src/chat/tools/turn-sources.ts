// A reply that answers after search tools ran (issue 37): the results those tools returned in this
// turn, numbered [1]… across the turn in order, and the reply's citations of them by number.
import { citeNumberedSources } from '../shapes/citations';
import type { Citation, Message } from '../types';

/** The results of the turn's search tools: the `tool` messages above the reply back to the user's message, oldest first. */
export function turnSources(thread: readonly Message[]): Citation[] {
  const turn: Citation[][] = [];
  for (let at = thread.length - 1; at >= 0; at -= 1) {
    const message = thread[at]!;
    if (message.role === 'user') break;
    if (message.role === 'tool' && message.sources?.length) turn.unshift(message.sources);
  }
  return turn.flat();
}

/** Settles a reply under `thread` with its citations of the turn's results, when there are any. */
export function citingTurnSources(thread: readonly Message[]): ((message: Message) => Partial<Message>) | undefined {
  const sources = turnSources(thread);
  if (sources.length === 0) return undefined;
  return (message) => {
    const citations = citeNumberedSources(message.content, sources);
    return citations.length > 0 ? { citations: [...(message.citations ?? []), ...citations] } : {};
  };
}

/** A result line of Parley's web_search: `[n] Title — URL` at a line's start. */
const RESULT_LINE = /^\[(\d{1,3})\] /gm;

/**
 * A search result's text as the model reads it, numbered from `before + 1` so that [n] means the
 * same source across every search of the turn. Parley's own web_search numbers its lines from 1:
 * they move up by `before`. Another server's text has its own shape: the numbers the reply may
 * cite come after it, one line per source.
 */
export function numberedResults(text: string, sources: readonly Citation[], before: number, numbered: boolean): string {
  if (numbered) return before === 0 ? text : text.replace(RESULT_LINE, (_, n: string) => `[${Number(n) + before}] `);
  const lines = sources.map((source, i) => `[${before + i + 1}] ${source.title ?? source.url} — ${source.url}`);
  return `${text}\n\nSources in this result (cite them by number, like [${before + 1}]):\n${lines.join('\n')}`;
}
