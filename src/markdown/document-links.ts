import { Lexer, type Links } from 'marked';

// Reference links (`[text][ref]`, `[ref]`) may be defined anywhere in a reply, often at its end
// (`[1]: https://…` citations). Blocks are lexed apart, so the definitions are gathered from
// the blocks that have them and handed to every block that might refer to one.

/** No definitions: the shared value blocks without references get, so they never re-lex. */
export const NO_LINKS: Links = Object.freeze(Object.create(null) as Links);

/**
 * A line that may start a definition: a `[` after indentation, quote markers and list markers (a
 * definition may sit in a quote or a list item). Its label may hold escaped `]` and line ends, so
 * only the `]:` that closes it is looked for, anywhere after.
 */
// Each marker is followed by one space or tab, then any more: one way to match, so no backtracking blow-up.
const DEFINITION_START = /^[ \t>]*(?:(?:[-*+]|\d{1,9}[.)])[ \t][ \t>]*)*\[/m;
const LABEL_END = ']:';

/** Whether `source` may define a link reference (cheap; the lexer decides for real). */
export function mayDefine(source: string): boolean {
  return source.includes(LABEL_END) && DEFINITION_START.test(source);
}

/**
 * Whether `source` may use a link reference: any `]` may close one. Even `[foo](not a link)` is
 * the reference `[foo]` followed by text when what follows is no valid destination.
 */
export function mayReference(source: string): boolean {
  return source.includes(']');
}

const definitionsBySource = new WeakMap<object, Links>();

function definitionsIn(source: string): Links {
  return new Lexer({ gfm: true }).lex(source).links;
}

/**
 * Every definition in `sources`, the first of a label winning as in CommonMark. A source's
 * definitions are lexed once per `owner` object (a finished block), or each time without one.
 */
export function collectLinks(sources: readonly { owner?: object; source: string }[]): Links {
  if (sources.length === 0) return NO_LINKS;
  const merged = Object.create(null) as Links;
  for (const { owner, source } of sources) {
    let links = owner ? definitionsBySource.get(owner) : undefined;
    if (!links) {
      links = definitionsIn(source);
      if (owner) definitionsBySource.set(owner, links);
    }
    for (const label of Object.keys(links)) merged[label] ??= links[label]!;
  }
  return merged;
}
