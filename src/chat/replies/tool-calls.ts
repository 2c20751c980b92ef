import type { ChatDelta } from '../model';
import type { ToolCall } from '../types';

/**
 * Folds the streamed pieces of tool calls into the calls stored on a reply (SPEC B10: every call
 * is shown with its arguments). Pieces are keyed by index: an id or name fills in, arguments append.
 */

type ToolCallPiece = Extract<ChatDelta, { type: 'tool-call' }>;

/** The calls with one more piece applied, in index order: a new array, the other calls untouched. */
export function withToolCallPiece(calls: readonly ToolCall[] | undefined, piece: ToolCallPiece): ToolCall[] {
  const next = calls ? [...calls] : [];
  const at = next.findIndex((call) => call.index === piece.index);
  const current: ToolCall = at >= 0 ? next[at]! : { index: piece.index, name: '', arguments: '' };
  const id = piece.id ?? current.id;
  const updated: ToolCall = {
    index: piece.index,
    ...(id !== undefined && { id }),
    // Most servers send the name once; some repeat it whole in every piece, which must not double it.
    name: piece.name === undefined || piece.name === current.name ? current.name : current.name + piece.name,
    arguments: current.arguments + (piece.arguments ?? ''),
  };
  if (at >= 0) next[at] = updated;
  else {
    const after = next.findIndex((call) => call.index > piece.index);
    next.splice(after < 0 ? next.length : after, 0, updated);
  }
  return next;
}
