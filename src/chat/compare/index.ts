/**
 * The door of compare/ (issue 38): a blind comparison's vote as a library row, the local
 * leaderboard counted from the votes, and clearing it with one Undo. The votes are library rows,
 * so library/ stores them and backup/ and sync-bridge/ carry them as they carry any row.
 */
export { voteRecord, type VoteInput } from './vote-record';
export { leaderboard, modelStandings, type LeaderboardRow, type ModelStanding } from './leaderboard';
export { clearVotes, type ClearedVotes, type VoteHolder } from './clear-votes';
