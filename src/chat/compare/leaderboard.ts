/**
 * The local leaderboard (issue 38), counted from the library's votes: head to head per pair of
 * models, and per model. Pure: Settings → Compare counts the snapshot's votes as they change.
 */
import type { LibraryVote } from '../types';

/** One unordered pair of models, `a` before `b` (code-unit order, the same on every device). */
export interface LeaderboardRow {
  a: string;
  b: string;
  aWins: number;
  bWins: number;
  ties: number;
}

/** One model's record over every pair it was in (the pair table summed). */
export interface ModelStanding {
  model: string;
  wins: number;
  losses: number;
  ties: number;
}

const byName = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

/** The pairs a vote counts for: [winner, loser] for each other model, or every pair as a tie. */
function outcomes(vote: LibraryVote): { a: string; b: string; winner?: string }[] {
  const models = [...new Set(vote.models)];
  const winner = vote.winner !== undefined && models.includes(vote.winner) ? vote.winner : undefined;
  const pairs: { a: string; b: string; winner?: string }[] = [];
  for (let i = 0; i < models.length; i += 1) {
    for (let j = i + 1; j < models.length; j += 1) {
      const [a, b] = [models[i]!, models[j]!].sort(byName) as [string, string];
      if (winner === undefined) pairs.push({ a, b });
      // A winner beat each other model; two losers of the same vote were not compared with each other.
      else if (a === winner || b === winner) pairs.push({ a, b, winner });
    }
  }
  return pairs;
}

/**
 * Head to head per pair: a vote with a winner counts it beating each other model it was compared
 * with; a tie counts a tie for every pair. Most votes first, then by the names.
 */
export function leaderboard(votes: readonly LibraryVote[]): LeaderboardRow[] {
  const rows = new Map<string, LeaderboardRow>();
  for (const vote of votes) {
    for (const { a, b, winner } of outcomes(vote)) {
      const key = JSON.stringify([a, b]);
      let row = rows.get(key);
      if (!row) rows.set(key, (row = { a, b, aWins: 0, bWins: 0, ties: 0 }));
      if (winner === a) row.aWins += 1;
      else if (winner === b) row.bWins += 1;
      else row.ties += 1;
    }
  }
  const total = (row: LeaderboardRow) => row.aWins + row.bWins + row.ties;
  return [...rows.values()].sort((x, y) => total(y) - total(x) || byName(x.a, y.a) || byName(x.b, y.b));
}

/**
 * Per model, the pair table summed: a vote among four that it won counts three wins (it beat
 * three models), one it lost counts one loss, a tie among four three ties. Best first (wins
 * minus losses), then more wins, then by name.
 */
export function modelStandings(votes: readonly LibraryVote[]): ModelStanding[] {
  const standings = new Map<string, ModelStanding>();
  const of = (model: string) => {
    let standing = standings.get(model);
    if (!standing) standings.set(model, (standing = { model, wins: 0, losses: 0, ties: 0 }));
    return standing;
  };
  for (const row of leaderboard(votes)) {
    const [a, b] = [of(row.a), of(row.b)];
    a.wins += row.aWins;
    a.losses += row.bWins;
    b.wins += row.bWins;
    b.losses += row.aWins;
    a.ties += row.ties;
    b.ties += row.ties;
  }
  const margin = (s: ModelStanding) => s.wins - s.losses;
  return [...standings.values()].sort((x, y) => margin(y) - margin(x) || y.wins - x.wins || byName(x.model, y.model));
}
