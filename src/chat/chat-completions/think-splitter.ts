/**
 * Splits reasoning written inline in the content (`<think>…</think>`, from servers that do not
 * parse it out themselves) from the answer, as the text streams in. A tag may arrive in pieces
 * ('<thi' + 'nk>'), so a possible partial tag is held back until the next piece decides it. The
 * reasoning's edges and the whitespace between reasoning and answer are trimmed.
 *
 * Some chat templates put the opening tag in the prompt, so the model only ever writes the closing
 * one: the text before it, already streamed as content, was reasoning. That is reported with a
 * 'rewind' piece ("move the content so far to the reasoning"), since deltas only ever append.
 */

export type ThinkPiece = { type: 'content' | 'reasoning'; text: string } | { type: 'rewind' };

export interface ThinkSplitter {
  push(text: string): ThinkPiece[];
  /** The content has ended: releases whatever was held back. */
  end(): ThinkPiece[];
  /** How much of the text pushed is held back (UTF-16 units), not yet given out. */
  readonly held: number;
}

export const THINK_OPEN = '<think>';
export const THINK_CLOSE = '</think>';

type Mode =
  /** Nothing but whitespace yet: an opening tag may still come. */
  | 'start'
  | 'reasoning'
  /** Just after the closing tag: the whitespace before the answer is dropped. */
  | 'answer-start'
  | 'content';

const LEADING_SPACE = /^\s+/;
const TRAILING_SPACE = /\s+$/;
const SPACE = /\s/;

/** The longest end of `text` that is the beginning of `tag` (a tag cut by the read boundary). */
function partialTagAtEnd(text: string, tag: string): number {
  // Every piece of content passes here: most end far from a '<', and need no further look.
  const open = text.lastIndexOf('<');
  if (open === -1 || text.length - open >= tag.length) return 0;
  for (let length = Math.min(tag.length - 1, text.length); length > 0; length--) {
    if (text.endsWith(tag.slice(0, length))) return length;
  }
  return 0;
}

/** Where the whitespace at the end of `text[0, end)` begins (a scan from the end, not a regex over the whole piece). */
function trailingSpaceStart(text: string, end: number): number {
  let start = end;
  while (start > 0 && SPACE.test(text[start - 1]!)) start -= 1;
  return start;
}

/**
 * Splits `buffer` into what can go out now and what must wait: a partial closing tag at the end,
 * and the whitespace before it (if the tag completes, that whitespace is an edge and is trimmed).
 */
function splitTail(buffer: string): [body: string, tail: string] {
  const cut = trailingSpaceStart(buffer, buffer.length - partialTagAtEnd(buffer, THINK_CLOSE));
  return cut === buffer.length ? [buffer, ''] : [buffer.slice(0, cut), buffer.slice(cut)];
}

export function createThinkSplitter(): ThinkSplitter {
  let mode: Mode = 'start';
  let held = '';
  /** Whether any reasoning was emitted since the opening tag (its leading whitespace is dropped). */
  let reasoningStarted = false;
  let closed = false;

  const emit = (pieces: ThinkPiece[], type: 'content' | 'reasoning', text: string) => {
    if (text !== '') pieces.push({ type, text });
  };

  const emitReasoning = (pieces: ThinkPiece[], text: string) => {
    const body = reasoningStarted ? text : text.replace(LEADING_SPACE, '');
    if (body !== '') reasoningStarted = true;
    emit(pieces, 'reasoning', body);
  };

  const step = (buffer: string, pieces: ThinkPiece[]): string | undefined => {
    switch (mode) {
      case 'start': {
        const trimmed = buffer.replace(LEADING_SPACE, '');
        if (trimmed.startsWith(THINK_OPEN)) {
          mode = 'reasoning';
          return trimmed.slice(THINK_OPEN.length);
        }
        if (THINK_OPEN.startsWith(trimmed)) {
          held = buffer;
          return undefined;
        }
        mode = 'content';
        return buffer;
      }
      case 'reasoning': {
        const close = buffer.indexOf(THINK_CLOSE);
        if (close >= 0) {
          emitReasoning(pieces, buffer.slice(0, close).replace(TRAILING_SPACE, ''));
          mode = 'answer-start';
          closed = true;
          return buffer.slice(close + THINK_CLOSE.length);
        }
        const [body, tail] = splitTail(buffer);
        emitReasoning(pieces, body);
        held = tail;
        return undefined;
      }
      case 'answer-start': {
        const trimmed = buffer.replace(LEADING_SPACE, '');
        if (trimmed === '') return undefined;
        mode = 'content';
        return trimmed;
      }
      case 'content': {
        if (closed) {
          emit(pieces, 'content', buffer);
          return undefined;
        }
        const close = buffer.indexOf(THINK_CLOSE);
        if (close >= 0) {
          // A closing tag that was never opened: everything so far was reasoning.
          emit(pieces, 'content', buffer.slice(0, close).replace(TRAILING_SPACE, ''));
          pieces.push({ type: 'rewind' });
          mode = 'answer-start';
          closed = true;
          return buffer.slice(close + THINK_CLOSE.length);
        }
        const [body, tail] = splitTail(buffer);
        emit(pieces, 'content', body);
        held = tail;
        return undefined;
      }
    }
  };

  return {
    push(text) {
      // The usual piece, answer text with no tag in sight: nothing is held back or trimmed, so it
      // goes out as it came (what step() would give it, without its scans and arrays).
      if (mode === 'content' && held === '' && text !== '' && (closed || (!text.includes('<') && !SPACE.test(text[text.length - 1]!)))) {
        return [{ type: 'content', text }];
      }
      const pieces: ThinkPiece[] = [];
      let buffer: string | undefined = held + text;
      held = '';
      while (buffer !== undefined) buffer = step(buffer, pieces);
      return pieces;
    },
    get held() {
      return held.length;
    },
    end() {
      const rest = held;
      held = '';
      // Inside reasoning, what is held is trailing whitespace or a cut-off closing tag: dropped.
      if (mode === 'reasoning' || mode === 'answer-start' || rest === '') return [];
      return [{ type: 'content', text: rest }];
    },
  };
}
