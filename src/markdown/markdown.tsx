import { useEffect, useId, useMemo, useState, useSyncExternalStore, type ComponentPropsWithRef } from 'react';
import { BlockGroup, NO_BLOCKS } from './block-group';
import { BLOCK_GROUP_SIZE, BlockSplitter } from './block-splitter';
import { groupsToMount } from './mount-budget';
import { collectLinks, mayDefine } from './document-links';
import { hasFullEntities, subscribeFullEntities } from './entities';
import { FootnotesProvider } from './footnote-ref';
import { FormulaTypesetContext, withinFormulaBudget } from './formula-budget';
import { FootnoteSection, useFootnotes } from './footnotes';
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
  // Whether HTML5's full table of references has loaded: asked here once, not by every block.
  const fullEntities = useSyncExternalStore(subscribeFullEntities, hasFullEntities, hasFullEntities);
  // Note ids are unique per reply, so two replies' notes on one page never collide.
  const footnotes = useFootnotes(useId(), groups, tail);
  const typeset = useMemo(() => withinFormulaBudget(text), [text]);
  const tailGroup = Math.floor(blockCount / BLOCK_GROUP_SIZE);
  const groupCount = Math.max(tailGroup, groups.length - 1) + 1;
  // A long reply opened from history is mounted a slice per task, so no task blocks the page.
  const [mounted, setMounted] = useState(0);
  const end = groupsToMount(groups, tailGroup, tail, mounted, groupCount);
  useEffect(() => {
    if (end === mounted) return;
    // Everything is mounted: remember it, so later updates start from here.
    if (end >= groupCount) return void setMounted(end);
    const timer = setTimeout(() => setMounted(end), 0);
    return () => clearTimeout(timer);
  }, [end, mounted, groupCount]);
  const children = [];
  for (let index = 0; index < end; index += 1) {
    children.push(
      <BlockGroup
        key={index}
        blocks={groups[index] ?? NO_BLOCKS}
        tail={index === tailGroup ? tail : null}
        streaming={streaming}
        links={links}
        fullEntities={fullEntities}
      />,
    );
  }
  return (
    <div
      {...rest}
      ref={ref}
      className={className ? `markdown ${className}` : 'markdown'}
      data-state={streaming ? 'streaming' : 'complete'}
      aria-busy={end < groupCount ? true : undefined}
    >
      <FormulaTypesetContext.Provider value={typeset}>
        <FootnotesProvider value={footnotes}>{children}</FootnotesProvider>
      </FormulaTypesetContext.Provider>
      {footnotes && end >= groupCount && <FootnoteSection footnotes={footnotes} links={links} />}
    </div>
  );
}
