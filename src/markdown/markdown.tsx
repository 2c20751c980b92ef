import { useMemo, useState, type ComponentPropsWithRef } from 'react';
import { BlockGroup, NO_BLOCKS } from './block-group';
import { BLOCK_GROUP_SIZE, BlockSplitter } from './block-splitter';
import { collectLinks, mayDefine } from './document-links';
import './markdown.css';

export interface MarkdownProps extends Omit<ComponentPropsWithRef<'div'>, 'children'> {
  /** The markdown source so far. */
  text: string;
  /** True while the text is still arriving. */
  streaming?: boolean;
}

/**
 * Markdown rendered to React elements as it streams. The text is cut into blocks (see
 * BlockSplitter); finished blocks are lexed and rendered once, and each update lexes and
 * renders only the unfinished tail, so its cost follows the new text rather than the reply.
 * The tail keeps its key when it becomes a finished block, so nothing in it remounts.
 */
export function Markdown({ text, streaming = false, className, ref, ...rest }: MarkdownProps) {
  const [splitter] = useState(() => new BlockSplitter());
  const { groups, blockCount, tail, definers } = splitter.split(text);
  // Definitions still streaming in are left out: each keystroke would re-lex every block that
  // uses a reference. They count once their block is finished, or the reply is.
  const tailDefines = !streaming && mayDefine(tail.source);
  const tailSource = tailDefines ? tail.source : null;
  const links = useMemo(
    () => collectLinks([...definers.map((block) => ({ owner: block, source: block.source })), ...(tailSource ? [{ source: tailSource }] : [])]),
    [definers, tailSource],
  );
  const tailGroup = Math.floor(blockCount / BLOCK_GROUP_SIZE);
  const children = [];
  for (let index = 0; index <= Math.max(tailGroup, groups.length - 1); index += 1) {
    children.push(
      <BlockGroup key={index} blocks={groups[index] ?? NO_BLOCKS} tail={index === tailGroup ? tail : null} streaming={streaming} links={links} />,
    );
  }
  return (
    <div {...rest} ref={ref} className={className ? `markdown ${className}` : 'markdown'} data-state={streaming ? 'streaming' : 'complete'}>
      {children}
    </div>
  );
}
