import { memo, useMemo, useRef } from 'react';
import type { Links } from 'marked';
import { NO_LINKS } from './document-links';
import { lexWithinBudget } from './inline-budget';
import { loadFullEntities, needsFullEntities } from './entities';
import { finishedTokens, tokenViews } from './render-block';

export interface MarkdownBlockProps {
  source: string;
  /** The streaming end of a reply: its unfinished last line is tidied and its last token is live. */
  streaming: boolean;
  /** Reference definitions from the whole reply (NO_LINKS for a block that uses none). */
  links?: Links;
  /** HTML5's full table of named references has loaded (Markdown asks once for all its blocks). */
  fullEntities?: boolean;
}

const linksIds = new WeakMap<Links, number>();
let lastLinksId = 0;

/** A number per definitions object, for a key that changes when the block's definitions do. */
function linksId(links: Links): number {
  let id = linksIds.get(links);
  if (id === undefined) {
    lastLinksId += 1;
    id = lastLinksId;
    linksIds.set(links, id);
  }
  return id;
}

/** One block of a reply, lexed once per source: a finished block never lexes or renders again. */
export const MarkdownBlock = memo(function MarkdownBlock({ source, streaming, links = NO_LINKS, fullEntities = false }: MarkdownBlockProps) {
  const tokens = useMemo(() => {
    // The first block naming a reference only the full table knows loads it (once, whoever asks);
    // Markdown renders its blocks again when it has arrived. No effect per block: a long reply
    // mounts thousands of blocks, and a hook or effect each is a cost per block on every mount.
    if (!fullEntities && needsFullEntities(source)) void loadFullEntities();
    return lexWithinBudget(source, streaming, links);
  }, [source, streaming, links, fullEntities]);
  // Rendered parts (list items, table rows) are memoised on their source, which a new definition
  // or the full entity table does not change: the block is then rendered afresh under a new key,
  // so `[text][ref]` anywhere in it becomes the link it is in the whole text. Both are rare (a
  // definition block finishing, the table arriving), and a block that uses no reference keeps NO_LINKS.
  // The elements are returned as they are (no component around them: one fiber less per block).
  const keyPrefix = `${linksId(links)}${fullEntities ? '+entities' : ''}:`;
  // A block that has streamed keeps a memoised view per token, so what it rendered (a code
  // block's state, focus in it) survives its updates and its finishing. One that never streamed
  // (most blocks of a fast stream, which come finished; all of a reply opened from history) is
  // its elements alone: two components less per token, for a block that renders once.
  const streamed = useRef(false);
  if (streaming) streamed.current = true;
  return streamed.current ? tokenViews(tokens, streaming, links, keyPrefix) : finishedTokens(tokens, keyPrefix);
});
