import { createContext, useContext, type MouseEvent } from 'react';
import { t } from './markdown-text';
import { footnoteKey } from './footnote-syntax';

/** The reply's notes: their numbers (by first reference) and texts, and the id prefix that keeps them apart from other replies'. */
export interface Footnotes {
  readonly prefix: string;
  readonly numbers: ReadonlyMap<string, number>;
  /** Defined notes that are referred to, in number order. */
  readonly notes: readonly { key: string; text: string }[];
}

const FootnotesContext = createContext<Footnotes | null>(null);
export const FootnotesProvider = FootnotesContext.Provider;

export const noteId = (prefix: string, n: number) => `${prefix}fn-${n}`;

/**
 * Moves to an element of this reply. Followed as a link, `#id` would resolve against the page's
 * `<base href>` and leave the chat, so the jump is made here: scroll, then focus for keyboards.
 */
export function jumpTo(event: MouseEvent, target: HTMLElement | null | undefined) {
  event.preventDefault();
  if (!target) return;
  target.scrollIntoView({ block: 'center' });
  target.focus({ preventScroll: true });
}

/** The first reference to note `n` in the same reply (a note referred to twice has one place to go back to). */
export function firstRefTo(from: Element, n: number): HTMLElement | null | undefined {
  return from.closest('.markdown')?.querySelector<HTMLElement>(`[data-footnote-ref="${n}"]`);
}

/** `[^label]`: a superscript number linking to its note, or the text as written when no note has that label. */
export function FootnoteRef({ label, raw }: { label: string; raw: string }) {
  const footnotes = useContext(FootnotesContext);
  const n = footnotes?.numbers.get(footnoteKey(label));
  if (!footnotes || n === undefined) return raw;
  const target = noteId(footnotes.prefix, n);
  return (
    <sup className="markdown__footnote-ref">
      <a href={`#${target}`} data-footnote-ref={n} aria-label={t('markdown.footnotes.ref', { n })} onClick={(event) => jumpTo(event, document.getElementById(target))}>
        {n}
      </a>
    </sup>
  );
}
