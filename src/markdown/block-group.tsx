import { memo, useMemo, type CSSProperties } from 'react';
import type { Links } from 'marked';
import type { MarkdownBlock as Block } from './block-splitter';
import { NO_LINKS } from './document-links';
import { MarkdownBlock } from './markdown-block';

/** The blocks of a group that has only the tail so far. */
export const NO_BLOCKS: readonly Block[] = [];

/** Characters in one line of a reply at a typical width, for the height estimate of a group not yet laid out. */
export const ESTIMATE_CHARS_PER_LINE = 80;
/** Pixels per estimated line, margins included. */
export const ESTIMATE_LINE_PX = 26;

/**
 * A guess at a group's height, for the space it takes before it is first laid out (a long
 * reply opened from history). Once rendered, the browser remembers its real height instead.
 */
export function estimateGroupHeight(blocks: readonly Block[]): number {
  let lines = 0;
  for (const { source } of blocks) lines += Math.ceil(source.length / ESTIMATE_CHARS_PER_LINE) + 1;
  return lines * ESTIMATE_LINE_PX;
}

export interface BlockGroupProps {
  blocks: readonly Block[];
  /** The unfinished end of the text, in the group it will belong to once finished. */
  tail: Block | null;
  streaming: boolean;
  links: Links;
  /** HTML5's full table of named references has loaded. */
  fullEntities: boolean;
}

/**
 * A run of finished blocks (and, in the last group, the tail). A full group's array never changes,
 * so on each update React compares one prop per full group instead of visiting every block, and
 * the browser skips laying out and painting the groups that are off screen (content-visibility).
 */
export const BlockGroup = memo(function BlockGroup({ blocks, tail, streaming, links, fullEntities }: BlockGroupProps) {
  const estimate = useMemo(() => ({ '--markdown-group-estimate': `${estimateGroupHeight(blocks)}px` }) as CSSProperties, [blocks]);
  // One flat list: the tail must be a sibling of the finished blocks (not in a nested array) so
  // that it keeps its identity, and everything rendered in it, when it becomes one of them.
  const children = blocks.map((block) => (
    <MarkdownBlock key={block.start} source={block.source} streaming={false} links={block.references ? links : NO_LINKS} fullEntities={fullEntities} />
  ));
  if (tail?.source) children.push(<MarkdownBlock key={tail.start} source={tail.source} streaming={streaming} links={links} fullEntities={fullEntities} />);
  return (
    <div className="markdown__group" style={estimate}>
      {children}
    </div>
  );
}, (previous, next) =>
  previous.blocks === next.blocks &&
  previous.links === next.links &&
  previous.fullEntities === next.fullEntities &&
  previous.tail?.start === next.tail?.start &&
  previous.tail?.source === next.tail?.source &&
  (!next.tail || previous.streaming === next.streaming),
);
