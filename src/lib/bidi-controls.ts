/**
 * Unicode's bidirectional controls, made visible. A file name like `invoice-\u202Efdp.txt` is
 * drawn right-to-left after the override and reads "invoice-txt.pdf": a name shown to a person
 * shows each control as a visible marker (`⟨U+202E⟩`) and is isolated from the text around it.
 */

/** Embeddings, overrides and isolates (U+202A–E, U+2066–9), the marks LRM, RLM and ALM. */
export const BIDI_CONTROL_CHARS = '\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c';
const BIDI_CONTROLS = new RegExp(`[${BIDI_CONTROL_CHARS}]`, 'g');
/** The same class without `g`: `test` on a global regex would carry lastIndex between calls. */
const BIDI_CONTROL = new RegExp(`[${BIDI_CONTROL_CHARS}]`);

/** First strong isolate and pop directional isolate: plain text's `<bdi>` (labels, toasts). */
const FIRST_STRONG_ISOLATE = '\u2068';
const POP_DIRECTIONAL_ISOLATE = '\u2069';

const codePoint = (char: string) => `⟨U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟩`;

/** The text with each bidirectional control replaced by a visible marker naming it. */
export function showBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, codePoint);
}

/** Whether the text holds a bidirectional control. */
export const hasBidiControls = (text: string): boolean => BIDI_CONTROL.test(text);

/**
 * A name for a plain-text context (an accessible name, a sentence in a toast): a name holding
 * controls gets them made visible and is isolated, so it cannot reorder the sentence around it.
 * A name without any is returned as it is (isolates in every label would only be noise).
 */
export function isolatedName(name: string): string {
  return hasBidiControls(name) ? `${FIRST_STRONG_ISOLATE}${showBidiControls(name)}${POP_DIRECTIONAL_ISOLATE}` : name;
}
