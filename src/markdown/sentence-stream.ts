// A reply's speakable text a sentence at a time while it streams (issue 39's read aloud: speech
// starts at the first sentence, not at the reply's end). Fed the reply's whole text so far on every
// change, it emits each sentence once, in order, as soon as it is complete: a block followed by
// another is complete; in the block still growing, a sentence followed by more text is. A code
// block, table or formula still streaming waits for its end (its announcement counts its lines).
// Never splits inside a number (3.14), an abbreviation (e.g.), a URL, or a code block; a fragment
// shorter than `minChars` ("Sure!") is said with the next sentence.
//
// A reply's text only grows. Should a push not extend the last one (a rewrite), the sentences are
// split anew and compared with those already emitted: the stream goes on from the first that
// differs, so a corrected sentence is said again and nothing before it is repeated.
import { ENGLISH_WORDS, speakableBlocks, type SpeakableWords } from './speakable-text';

/** Abbreviations whose period ends no sentence. */
const ABBREVIATIONS = new Set(['e.g', 'i.e', 'etc', 'vs', 'mr', 'mrs', 'ms', 'dr', 'prof', 'st', 'no', 'fig', 'approx', 'cf', 'a.m', 'p.m', 'u.s', 'jr', 'sr', 'inc', 'ltd', 'vol', 'pp']);
/** A sentence's end: its marks, closing quotes or brackets, then space before more text. */
const BOUNDARY = /([.!?…]+)["'”’)\]]*\s+(?=\S)/g;

/** `text`'s sentences, trimmed; a period after an abbreviation or an initial, or before a lowercase word, ends none. */
export function splitSentences(text: string): string[] {
  const pieces: string[] = [];
  let from = 0;
  for (const match of text.matchAll(BOUNDARY)) {
    const end = match.index + match[0].length;
    if (match[1] === '.') {
      const word = /(\S+)$/.exec(text.slice(from, match.index))?.[1] ?? '';
      const bare = word.replace(/^["'“‘(\[]+/, '').toLowerCase();
      const next = text[end] ?? '';
      if (ABBREVIATIONS.has(bare) || /^[a-z]$/i.test(bare) || (next !== next.toUpperCase() && next === next.toLowerCase() && /\p{Ll}/u.test(next))) continue;
    }
    pieces.push(text.slice(from, end).trim());
    from = end;
  }
  const rest = text.slice(from).trim();
  if (rest) pieces.push(rest);
  return pieces.filter(Boolean);
}

export interface SentenceStreamOptions {
  /** Shorter fragments wait to be said with the next sentence; 24 characters by default. */
  minChars?: number;
  words?: SpeakableWords;
}

export interface SentenceStream {
  /** The reply's whole text so far; returns the sentences it completed (often none). */
  push(text: string): string[];
  /** The reply has ended: returns what was still waiting (the last sentence, a last block). */
  end(): string[];
}

/** Blocks whose last sentences may be said before the block ends; the others (code, table, math) wait. */
const GROWS_BY_SENTENCE = new Set(['paragraph', 'text', 'blockquote', 'list', 'plainText', 'html']);

export function createSentenceStream({ minChars = 24, words = ENGLISH_WORDS }: SentenceStreamOptions = {}): SentenceStream {
  let previous = '';
  /** The pieces already said (each emitted sentence is one or more, merged). */
  let said: string[] = [];
  let ended = false;

  /**
   * Every piece known complete in `text`, in order; `final`: the reply has ended, so all are. The
   * whole text is lexed each time (a few milliseconds for a long reply): push at most once a frame.
   */
  const settledPieces = (text: string, final: boolean): string[] => {
    const blocks = speakableBlocks(text, { streaming: !final, words });
    const pieces = (list: typeof blocks) => list.flatMap((b) => b.sentences.flatMap(splitSentences));
    if (final) return pieces(blocks);
    const open = blocks.at(-1);
    // Every block but the last is complete; in the last, every sentence but its last, if it grows by sentences.
    const openPieces = open && GROWS_BY_SENTENCE.has(open.type) ? pieces([open]).slice(0, -1) : [];
    return [...pieces(blocks.slice(0, -1)), ...openPieces];
  };

  /** Emits what `pieces` holds beyond `said`, merging short fragments; `final` flushes a short last one. */
  const emit = (pieces: string[], final: boolean): string[] => {
    const out: string[] = [];
    let at = said.length;
    while (at < pieces.length) {
      let merged = pieces[at]!;
      let next = at + 1;
      while (merged.length < minChars && next < pieces.length) merged = `${merged} ${pieces[next++]}`;
      if (merged.length < minChars && !final) break;
      out.push(merged);
      said = pieces.slice(0, next);
      at = next;
    }
    return out;
  };

  return {
    push(text) {
      if (ended) return [];
      if (!text.startsWith(previous)) {
        // A rewrite: split anew, and go on from the first piece that differs from what was said.
        const pieces = settledPieces(text, false);
        let same = 0;
        while (same < said.length && same < pieces.length && pieces[same] === said[same]) same += 1;
        said = said.slice(0, same);
      }
      previous = text;
      return emit(settledPieces(text, false), false);
    },
    end() {
      if (ended) return [];
      ended = true;
      return emit(settledPieces(previous, true), true);
    },
  };
}
