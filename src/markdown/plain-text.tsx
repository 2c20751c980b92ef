import { memo } from 'react';

/**
 * Characters per piece of a long plain-text block. Chromium lays out a megabyte of text in one
 * paragraph in well over 100 ms; in pieces that skip layout while off screen
 * (content-visibility), opening such a reply lays out only the pieces in view.
 */
export const PLAIN_PIECE_CHARS = 16 * 1024;

/** `text` cut into pieces of about PLAIN_PIECE_CHARS, at a line end where one is near, never inside a surrogate pair. */
export function plainPieces(text: string): string[] {
  if (text.length <= PLAIN_PIECE_CHARS) return [text];
  const pieces: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + PLAIN_PIECE_CHARS, text.length);
    if (end < text.length) {
      const newline = text.lastIndexOf('\n', end - 1);
      if (newline > start + PLAIN_PIECE_CHARS / 2) end = newline + 1;
      else if (/[\udc00-\udfff]/.test(text[end]!)) end -= 1;
    }
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces;
}

/** A block shown as its text (past the inline budget, or a lexer failure): one paragraph, laid out piece by piece. */
export const PlainText = memo(function PlainText({ text }: { text: string }) {
  const pieces = plainPieces(text);
  if (pieces.length === 1) return <p className="markdown__plain" dir="auto">{text}</p>;
  return (
    <p className="markdown__plain" dir="auto" data-pieces={pieces.length}>
      {pieces.map((piece, index) => (
        <span key={index} className="markdown__plain-piece">
          {piece}
        </span>
      ))}
    </p>
  );
});
