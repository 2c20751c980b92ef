import { useMemo, useRef, type ReactNode } from 'react';
import type { Links } from 'marked';
import { t } from './markdown-text';
import type { MarkdownBlock } from './block-splitter';
import { firstRefTo, jumpTo, noteId, type Footnotes } from './footnote-ref';
import { NO_FOOTNOTES, scanFootnotes, type FootnoteScan } from './footnote-syntax';
import { lexBlock } from './lex-block';
import { BlockTokens } from './render-block';

const scans = new WeakMap<object, FootnoteScan>();

function scanOf(owner: object, sources: () => string): FootnoteScan {
  let scan = scans.get(owner);
  if (!scan) {
    const text = sources();
    scan = text.includes('[^') ? scanFootnotes(text) : NO_FOOTNOTES;
    scans.set(owner, scan);
  }
  return scan;
}

/**
 * Numbers the reply's notes: every group of finished blocks is scanned once (a full group never
 * changes), the tail on each update. The result keeps its identity while nothing about the notes
 * changes, so references elsewhere do not re-render as the reply grows.
 */
export function useFootnotes(prefix: string, groups: readonly (readonly MarkdownBlock[])[], tail: MarkdownBlock): Footnotes | null {
  const previous = useRef<{ signature: string; value: Footnotes | null }>({ signature: '', value: null });
  const scansNow = groups.map((group) => scanOf(group, () => group.map((block) => block.source).join('')));
  scansNow.push(tail.source.includes('[^') ? scanFootnotes(tail.source) : NO_FOOTNOTES);
  const definitions = new Map<string, string>();
  for (const scan of scansNow) for (const [key, text] of scan.definitions) if (!definitions.has(key)) definitions.set(key, text);
  const numbers = new Map<string, number>();
  if (definitions.size > 0) {
    for (const scan of scansNow) for (const key of scan.refs) if (definitions.has(key) && !numbers.has(key)) numbers.set(key, numbers.size + 1);
  }
  const notes = [...numbers.keys()].map((key) => ({ key, text: definitions.get(key)! }));
  const signature = numbers.size === 0 ? '' : JSON.stringify([prefix, notes]);
  if (signature !== previous.current.signature) {
    previous.current = { signature, value: signature ? { prefix, numbers, notes } : null };
  }
  return previous.current.value;
}

function NoteText({ text, links }: { text: string; links: Links }) {
  const tokens = useMemo(() => lexBlock(text, false, links), [text, links]);
  return <BlockTokens tokens={tokens} live={false} links={links} />;
}

/** The notes at the end of the reply, numbered, each with a way back to where it is referred to. */
export function FootnoteSection({ footnotes, links }: { footnotes: Footnotes; links: Links }): ReactNode {
  const { prefix, notes } = footnotes;
  const labelId = `${prefix}fn-label`;
  return (
    // Not a landmark: every reply with notes would add another "Footnotes" region (axe: landmark-unique).
    <div className="markdown__footnotes">
      <h2 id={labelId} className="visually-hidden">
        {t('markdown.footnotes.label')}
      </h2>
      <ol aria-labelledby={labelId}>
        {notes.map(({ key, text }, index) => {
          const n = index + 1;
          return (
            <li key={key} id={noteId(prefix, n)} tabIndex={-1}>
              <NoteText text={text} links={links} />
              <button
                type="button"
                className="markdown__footnote-back"
                aria-label={t('markdown.footnotes.back', { n })}
                onClick={(event) => jumpTo(event, firstRefTo(event.currentTarget, n))}
              >
                ↩
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
