import { languageOf } from './file-types';
import { MAX_TEXT_CHARS } from './limits';

/**
 * Text files: decoded strictly as UTF-8, or as Windows-1252 with a warning (the usual encoding
 * of older Western files, and it decodes any byte, so nothing is lost silently); handed to the
 * model as a delimited block it can cite.
 */

export interface DecodedText {
  text: string;
  /** The bytes were not UTF-8 (nor BOM-marked UTF-16): read as Windows-1252, some characters may be wrong. */
  encodingWarning?: boolean;
  /** Longer than MAX_TEXT_CHARS: only the start is kept. */
  truncated?: boolean;
}

/** The file holds NUL characters: it is binary (an executable, an archive) under a text name. */
export class NotTextError extends Error {
  override readonly name = 'NotTextError';
  readonly code = 'not-text';
}

/** Byte-order marks that name the encoding outright (Notepad writes UTF-16 with one). */
const UTF16_LE_BOM = [0xff, 0xfe] as const;
const UTF16_BE_BOM = [0xfe, 0xff] as const;
const FALLBACK_ENCODING = 'windows-1252';

const startsWith = (bytes: Uint8Array, mark: readonly number[]) => mark.every((byte, i) => bytes[i] === byte);

function decodeBytes(bytes: Uint8Array): { text: string; encodingWarning?: boolean } {
  if (startsWith(bytes, UTF16_LE_BOM)) return { text: new TextDecoder('utf-16le').decode(bytes) };
  if (startsWith(bytes, UTF16_BE_BOM)) return { text: new TextDecoder('utf-16be').decode(bytes) };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { text: new TextDecoder(FALLBACK_ENCODING).decode(bytes), encodingWarning: true };
  }
}

/** A text file's bytes as text; throws NotTextError for a binary file. */
export function decodeText(bytes: Uint8Array, maxChars = MAX_TEXT_CHARS): DecodedText {
  const decoded = decodeBytes(bytes);
  if (decoded.text.includes('\0')) throw new NotTextError('This file is binary, not text');
  // Windows line ends cost tokens and show as stray characters in some models' output.
  let text = decoded.text.replace(/\r\n?/g, '\n');
  const truncated = text.length > maxChars;
  if (truncated) text = text.slice(0, maxChars);
  return { text, ...(decoded.encodingWarning && { encodingWarning: true }), ...(truncated && { truncated: true }) };
}

export async function readTextFile(file: Blob, maxChars = MAX_TEXT_CHARS): Promise<DecodedText> {
  return decodeText(new Uint8Array(await file.arrayBuffer()), maxChars);
}

/** The shortest fence Markdown allows. */
const MIN_FENCE = 3;

/** A fence of backticks longer than any run of backticks in `text`, so the text cannot close it. */
export function fenceFor(text: string): string {
  let longest = 0;
  // A loop, not Math.max(...runs): a long file can hold more runs than a call takes arguments.
  for (const run of text.matchAll(/`+/g)) longest = Math.max(longest, run[0].length);
  return '`'.repeat(Math.max(MIN_FENCE, longest + 1));
}

/** A name on one line: a newline or control character in it could fake the end of the block. */
export const oneLine = (name: string) => name.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();

/**
 * The block the model gets for a file: its name on a line of its own, then its text in a fence
 * that names the language from the extension, so the model can tell files apart and cite them.
 */
export function fileBlock(name: string, text: string, { truncated = false } = {}): string {
  const fence = fenceFor(text);
  const body = text.endsWith('\n') ? text : `${text}\n`;
  // Said to the model, not the user: it should not take the cut for the file's end.
  const note = truncated ? ' (truncated: only its beginning follows)' : '';
  return `File: ${oneLine(name)}${note}\n${fence}${languageOf(name)}\n${body}${fence}`;
}
