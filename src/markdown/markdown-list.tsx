import { Fragment, memo } from 'react';
import type { Tokens } from 'marked';
import { decodeEntities } from './entities';
import { renderBlock } from './render-block';
import { plainText, renderInline, TaskCheckbox } from './render-inline';

interface ListItemProps {
  item: Tokens.ListItem;
  depth: number;
  live: boolean;
}

/**
 * One item. A tight item's text sits straight in the `li`; a loose one holds paragraphs. A task
 * item's checkbox comes first, in marked's tokens either beside the text or inside its paragraph.
 */
const ListItem = memo(
  function ListItem({ item, depth, live }: ListItemProps) {
    const tokens = item.tokens;
    const last = tokens.length - 1;
    return (
      <li dir="auto" data-task={item.task ? (item.checked ? 'done' : 'open') : undefined}>
        {tokens.map((token, index) => {
          if (token.type === 'checkbox') return <TaskCheckbox key={index} checked={token.checked} label={plainText(tokens.slice(index + 1, index + 2))} />;
          if (token.type === 'text') return <Fragment key={index}>{token.tokens ? renderInline(token.tokens) : decodeEntities(token.text)}</Fragment>;
          return renderBlock(token, index, depth, live && index === last);
        })}
      </li>
    );
  },
    // A list turns loose as a whole when a later item brings a blank line: compare that too.
  (previous, next) =>
    previous.item.raw === next.item.raw && previous.item.loose === next.item.loose && previous.depth === next.depth && previous.live === next.live,
);

/** An ordered or bulleted list; items already complete skip re-rendering while the last one streams. */
export function MarkdownList({ token, depth, live }: { token: Tokens.List; depth: number; live: boolean }) {
  const last = token.items.length - 1;
  const items = token.items.map((item, index) => <ListItem key={index} item={item} depth={depth} live={live && index === last} />);
  if (!token.ordered) return <ul dir="auto" data-loose={token.loose ? '' : undefined}>{items}</ul>;
  const start = typeof token.start === 'number' && token.start !== 1 ? token.start : undefined;
  return (
    <ol dir="auto" start={start} data-loose={token.loose ? '' : undefined}>
      {items}
    </ol>
  );
}
