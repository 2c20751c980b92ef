// Issue 38: the local leaderboard counted from blind-mode votes, per pair and per model.
import { describe, expect, it } from 'vitest';
import { leaderboard, modelStandings } from '../../../src/chat/compare';
import type { LibraryVote } from '../../../src/chat/types';

let next = 0;
const vote = (models: string[], winner?: string): LibraryVote => {
  next += 1;
  return { id: `v${next}`, kind: 'vote', createdAt: next, updatedAt: next, models, ...(winner !== undefined && { winner }) };
};

describe('leaderboard: head to head per pair', () => {
  it('counts a winner beating the other model of a pair, the pair named in alphabetical order', () => {
    expect(leaderboard([vote(['qwen3-8b', 'llama3'], 'qwen3-8b'), vote(['llama3', 'qwen3-8b'], 'qwen3-8b'), vote(['qwen3-8b', 'llama3'], 'llama3')])).toEqual([
      { a: 'llama3', b: 'qwen3-8b', aWins: 1, bWins: 2, ties: 0 },
    ]);
  });

  it('counts a winner among three as beating each other model, and nothing between the two losers', () => {
    expect(leaderboard([vote(['c', 'a', 'b'], 'b')])).toEqual([
      { a: 'a', b: 'b', aWins: 0, bWins: 1, ties: 0 },
      { a: 'b', b: 'c', aWins: 1, bWins: 0, ties: 0 },
    ]);
  });

  it('counts a tie (no winner) for every pair of the vote', () => {
    expect(leaderboard([vote(['d', 'c', 'b', 'a'])])).toEqual([
      { a: 'a', b: 'b', aWins: 0, bWins: 0, ties: 1 },
      { a: 'a', b: 'c', aWins: 0, bWins: 0, ties: 1 },
      { a: 'a', b: 'd', aWins: 0, bWins: 0, ties: 1 },
      { a: 'b', b: 'c', aWins: 0, bWins: 0, ties: 1 },
      { a: 'b', b: 'd', aWins: 0, bWins: 0, ties: 1 },
      { a: 'c', b: 'd', aWins: 0, bWins: 0, ties: 1 },
    ]);
  });

  it('puts the pairs with the most votes first, then sorts by the names', () => {
    const rows = leaderboard([vote(['y', 'z'], 'y'), vote(['m', 'n']), vote(['m', 'n'], 'n'), vote(['b', 'c'], 'c'), vote(['a', 'c'])]);
    expect(rows.map((row) => `${row.a}-${row.b}`)).toEqual(['m-n', 'a-c', 'b-c', 'y-z']);
  });

  it('is empty without votes', () => {
    expect(leaderboard([])).toEqual([]);
    expect(modelStandings([])).toEqual([]);
  });
});

describe('modelStandings: per model, the pair table summed', () => {
  it('gives wins, losses and ties, best margin first', () => {
    const votes = [vote(['a', 'b', 'c'], 'c'), vote(['a', 'b'], 'a'), vote(['a', 'b'])];
    expect(modelStandings(votes)).toEqual([
      { model: 'c', wins: 2, losses: 0, ties: 0 },
      { model: 'a', wins: 1, losses: 1, ties: 1 },
      { model: 'b', wins: 0, losses: 2, ties: 1 },
    ]);
  });

  it('breaks an equal margin by more wins, then by name', () => {
    const votes = [vote(['p', 'q'], 'p'), vote(['p', 'q'], 'q'), vote(['r', 's'])];
    expect(modelStandings(votes).map((s) => s.model)).toEqual(['p', 'q', 'r', 's']);
  });
});
