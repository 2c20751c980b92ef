// The results a reply's turn of searches returned (issue 37), so its [n] show as chips while it
// streams and until the citations the tool replies store on it when it finishes (tools/turn-sources.ts)
// are there to read.
import { useChatStore, type Citation, type Message } from '../../../chat';

const NONE: readonly Citation[] = [];
/** Steps up from a reply past its turn's results and calls; a turn is never longer. */
const MAX_STEPS = 256;

/**
 * The message with `id`, looked for from the end: a reply's turn was appended just before it, so
 * this stops within a few steps, where an index of the whole chat would be rebuilt on every token.
 */
function find(list: readonly Message[], id: string, before: number): { message: Message; at: number } | undefined {
  for (let at = Math.min(before, list.length) - 1; at >= 0; at -= 1) if (list[at]!.id === id) return { message: list[at]!, at };
  for (let at = list.length - 1; at >= before; at -= 1) if (list[at]!.id === id) return { message: list[at]!, at };
  return undefined;
}

/** The search results of the `tool` messages above `parentId`, back to the user's message, oldest first. */
function turnSourcesOf(list: readonly Message[] | undefined, parentId: string | null): readonly Citation[] {
  if (!list || parentId === null) return NONE;
  let found: { message: Message; at: number } | undefined = find(list, parentId, list.length);
  // Only a reply that answers tool results has a turn of them.
  if (found?.message.role !== 'tool') return NONE;
  const turn: Citation[][] = [];
  for (let step = 0; found && found.message.role !== 'user' && step < MAX_STEPS; step += 1) {
    const { message, at }: { message: Message; at: number } = found;
    if (message.role === 'tool' && message.sources?.length) turn.unshift(message.sources);
    found = message.parentId === null ? undefined : find(list, message.parentId, at);
  }
  return turn.length === 0 ? NONE : turn.flat();
}

/** A `[n]` somewhere in the text: without one there is nothing to cite by number. */
const CITES_BY_NUMBER = /\[\d{1,3}\]/;

const sameItems = (a: readonly Citation[], b: readonly Citation[]) => a.length === b.length && a.every((item, i) => item === b[i]);

/** While `message` has no citations of its own under search results: those results, numbered as the model read them. */
export function useTurnSources(message: Message): readonly Citation[] {
  const watching = message.role === 'assistant' && !message.citations?.length && message.parentId !== null && CITES_BY_NUMBER.test(message.content);
  return useChatStore((snapshot) => (watching ? turnSourcesOf(snapshot.messages.get(message.chatId), message.parentId) : NONE), sameItems);
}
