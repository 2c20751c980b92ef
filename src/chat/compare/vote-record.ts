/** A blind comparison's vote as a library row (issue 38): the compare view builds it here and puts it in the library store. */
import { newId } from '../../lib/ids';
import { voteProblem } from '../shapes/library-record';
import type { LibraryVote } from '../types';

export interface VoteInput {
  /** The bare model ids compared, as shown (2–4, distinct): never connection-qualified refs, which mean nothing on another device. */
  models: readonly string[];
  /** One of `models`; absent: a tie ("about the same"). */
  winner?: string;
  /** The chat the comparison was made in. */
  chatId?: string;
}

/**
 * The vote's row, stamped `now`, under a new id. Throws a RangeError naming what is wrong when
 * `input` is not a vote (fewer than 2 or more than 4 models, an empty or repeated one, a winner
 * not among them, an empty chat id): the page builds it from its own columns, so that is a bug
 * to see, never a row to store. It is checked by the same rule as a row from sync or a backup,
 * so a vote made here always reads back on another device.
 */
export function voteRecord(input: VoteInput, now: number): LibraryVote {
  const problem = voteProblem(input.models, input.winner) ?? (input.chatId === '' ? 'its chat is not an id' : undefined);
  if (problem) throw new RangeError(`Not a vote: ${problem}`);
  return {
    id: newId(now),
    kind: 'vote',
    createdAt: now,
    updatedAt: now,
    models: [...input.models],
    ...(input.winner !== undefined && { winner: input.winner }),
    ...(input.chatId !== undefined && { chatId: input.chatId }),
  };
}
