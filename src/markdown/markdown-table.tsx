import { memo } from 'react';
import type { Tokens } from 'marked';
import { t } from './markdown-text';
import { renderInline } from './render-inline';

type Cells = readonly Tokens.TableCell[];

function sameCells(previous: { cells: Cells }, next: { cells: Cells }): boolean {
  if (previous.cells.length !== next.cells.length) return false;
  return previous.cells.every((cell, i) => cell.text === next.cells[i]!.text && cell.align === next.cells[i]!.align);
}

/** One row; rows already complete skip re-rendering while the table below them streams in. */
const TableRow = memo(function TableRow({ cells, header }: { cells: Cells; header: boolean }) {
  const Cell = header ? 'th' : 'td';
  return (
    <tr>
      {cells.map((cell, index) => (
        <Cell key={index} data-align={cell.align ?? undefined} scope={header ? 'col' : undefined}>
          {renderInline(cell.tokens)}
        </Cell>
      ))}
    </tr>
  );
}, (previous, next) => previous.header === next.header && sameCells(previous, next));

/** A GFM table with column alignment, in a focusable box that scrolls sideways when too wide. */
export function MarkdownTable({ token }: { token: Tokens.Table }) {
  return (
    <div className="markdown__table" role="group" aria-label={t('markdown.table')} tabIndex={0}>
      <table dir="auto">
        <thead>
          <TableRow cells={token.header} header />
        </thead>
        {token.rows.length > 0 && (
          <tbody>
            {token.rows.map((row, index) => (
              <TableRow key={index} cells={row} header={false} />
            ))}
          </tbody>
        )}
      </table>
    </div>
  );
}
