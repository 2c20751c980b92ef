import { Lexer, type Links } from 'marked';

// Reference links (`[text][ref]`, `[ref]`) may be defined anywhere in a reply, often at its end
// (`[1]: https://…` citations). Blocks are lexed apart, so the definitions are gathered from
// the blocks that have them and handed to every block that might refer to one.

/** No definitions: the shared value blocks without references get, so they never re-lex. */
export const NO_LINKS: Links = Object.freeze(Object.create(null) as Links);

const DEFINITION_LINE = /^ {0,3}\[[^\]\n]+\]:/m;
/** A `]` not opening an inline destination: `[text][ref]`, `[ref][]` or a bare `[ref]`. */
const REFERENCE = /\](?!\()/;

/** Whether `source` may define a link reference (cheap; the lexer decides for real). */
export function mayDefine(source: string): boolean {
  return DEFINITION_LINE.test(source);
}

/** Whether `source` may use a link reference. */
export function mayReference(source: string): boolean {
  return REFERENCE.test(source);
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
