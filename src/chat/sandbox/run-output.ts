// A code run's output as the app keeps it (issue 36 slice C): pieces of stdout and stderr in the
// order they came, at most MAX_RUN_OUTPUT_CHARS of them. The sandbox bounds what it relays too,
// but the app does not count on it: what a run prints is the block's, and a block can print 50 MB.
import { MAX_RUN_OUTPUT_CHARS } from '../../lib/sandbox-wire';

export type RunStream = 'stdout' | 'stderr';

export interface RunOutput {
  /** Consecutive output of one stream in one piece. */
  pieces: readonly { stream: RunStream; text: string }[];
  /** Characters kept. */
  size: number;
  /** More came than was kept. */
  cut: boolean;
}

export const NO_OUTPUT: RunOutput = { pieces: [], size: 0, cut: false };

/** `output` with `text` added on `stream`, kept within `limit` characters (a new object: React state). */
export function appendOutput(output: RunOutput, stream: RunStream, text: string, limit: number = MAX_RUN_OUTPUT_CHARS): RunOutput {
  if (output.cut || text === '') return output;
  const room = limit - output.size;
  const kept = text.length > room ? text.slice(0, room) : text;
  const cut = text.length > room;
  const last = output.pieces[output.pieces.length - 1];
  if (kept === '') return { ...output, cut };
  const pieces = last?.stream === stream ? [...output.pieces.slice(0, -1), { stream, text: last.text + kept }] : [...output.pieces, { stream, text: kept }];
  return { pieces, size: output.size + kept.length, cut };
}
