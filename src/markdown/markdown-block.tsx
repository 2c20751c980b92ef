import { memo, useMemo } from 'react';
import type { Links } from 'marked';
import { NO_LINKS } from './document-links';
import { lexBlock } from './lex-block';
import { BlockTokens } from './render-block';

export interface MarkdownBlockProps {
  source: string;
  /** The streaming end of a reply: its unfinished last line is tidied and its last token is live. */
  streaming: boolean;
  /** Reference definitions from the whole reply (NO_LINKS for a block that uses none). */
  links?: Links;
}

/** One block of a reply, lexed once per source: a finished block never lexes or renders again. */
export const MarkdownBlock = memo(function MarkdownBlock({ source, streaming, links = NO_LINKS }: MarkdownBlockProps) {
  const tokens = useMemo(() => lexBlock(source, streaming, links), [source, streaming, links]);
  return <BlockTokens tokens={tokens} live={streaming} links={links} />;
});
