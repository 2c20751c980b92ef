import type { TokenizerExtension } from 'marked';

// GFM footnotes: `[^label]` in the text refers to a note, `[^label]: text` defines it. marked does
// not read them; these extensions give the lexer two token types, and scanFootnotes finds them in
// a block's source so the whole reply's notes can be numbered before any block is rendered.

/** A reference to a note, `[^label]`. */
export interface FootnoteRefToken {
  type: 'footnoteRef';
  raw: string;
  /** The label as written (matched without regard to case). */
  label: string;
}

/** A note's definition, `[^label]: text`: rendered in the notes at the end of the reply, not where it stands. */
export interface FootnoteDefinitionToken {
  type: 'footnoteDefinition';
  raw: string;
  label: string;
  text: string;
}

/** A label longer than this is not a label: bounds the scan (CommonMark caps link labels at 999). */
export const MAX_FOOTNOTE_LABEL = 100;

const REF = new RegExp(`^\\[\\^([^\\]\\s]{1,${MAX_FOOTNOTE_LABEL}})\\]`);
/**
 * A definition: its first line, then following lines up to a blank line or the next definition
 * (lazy continuation, as a paragraph continues).
 */
const DEFINITION = new RegExp(
  `^ {0,3}\\[\\^([^\\]\\s]{1,${MAX_FOOTNOTE_LABEL}})\\]:[ \\t]*([^\\n]*(?:\\n(?![ \\t]*(?:\\n|$))(?! {0,3}\\[\\^[^\\]\\s]+\\]:)[^\\n]*)*)(?:\\n|$)`,
);
const DEFINITION_START = /^ {0,3}\[\^[^\]\s]+\]:/m;

/** Labels match without regard to case, as link labels do. */
export function footnoteKey(label: string): string {
  return label.toLowerCase();
}

export const footnoteExtensions: TokenizerExtension[] = [
  {
    name: 'footnoteDefinition',
    level: 'block',
    start: (src: string) => DEFINITION_START.exec(src)?.index,
    tokenizer(src: string): FootnoteDefinitionToken | undefined {
      const match = DEFINITION.exec(src);
      if (!match) return undefined;
      return { type: 'footnoteDefinition', raw: match[0], label: match[1]!, text: match[2]!.trim() };
    },
  },
  {
    name: 'footnoteRef',
    level: 'inline',
    start(src: string) {
      const at = src.indexOf('[^');
      return at === -1 ? undefined : at;
    },
    tokenizer(src: string): FootnoteRefToken | undefined {
      const match = REF.exec(src);
      // `[^x]: …` at the start of a line is a definition, never a reference.
      if (!match || src[match[0].length] === ':') return undefined;
      return { type: 'footnoteRef', raw: match[0], label: match[1]! };
    },
  },
] as unknown as TokenizerExtension[];

/** What one block holds: references in order of appearance, and definitions (first of a label wins). */
export interface FootnoteScan {
  readonly refs: readonly string[];
  readonly definitions: ReadonlyMap<string, string>;
}

export const NO_FOOTNOTES: FootnoteScan = { refs: [], definitions: new Map() };

const GLOBAL_REF = new RegExp(`\\[\\^([^\\]\\s]{1,${MAX_FOOTNOTE_LABEL}})\\](?!:)`, 'g');
const GLOBAL_DEFINITION = new RegExp(DEFINITION.source, 'gm');

/**
 * The notes a block refers to and defines, from its source alone (linear; no lexing). Code is
 * not told apart: a `[^1]` in code only matters if a note `1` is defined, and then it merely
 * takes a number early.
 */
export function scanFootnotes(source: string): FootnoteScan {
  if (!source.includes('[^')) return NO_FOOTNOTES;
  const definitions = new Map<string, string>();
  for (const match of source.matchAll(GLOBAL_DEFINITION)) {
    const key = footnoteKey(match[1]!);
    if (!definitions.has(key)) definitions.set(key, match[2]!.trim());
  }
  const refs = Array.from(source.matchAll(GLOBAL_REF), (match) => footnoteKey(match[1]!));
  return { refs, definitions };
}
