import { showBidiControls } from '../../lib/bidi-controls';
import { splitFileName } from './split-file-name';

/**
 * A file name that fits any width: the head ellipsizes, the tail (ending and extension) stays.
 * The full name is the text (read whole by screen readers) and the tooltip (`title`). It sits in
 * a `<bdi>` and shows any bidirectional control as a visible marker, so `invoice-\u202Efdp.txt`
 * cannot pass for "invoice-txt.pdf" nor reorder the text beside it.
 */
export function FileName({ name, className }: { name: string; className?: string }) {
  const shown = showBidiControls(name);
  const { head, tail } = splitFileName(shown);
  return (
    <bdi className={className ? `file-name ${className}` : 'file-name'} title={shown}>
      <span className="file-name__head">{head}</span>
      {tail && <span className="file-name__tail">{tail}</span>}
    </bdi>
  );
}

/**
 * A file name in running text (a title, a summary, a sentence): isolated in `<bdi>`, its
 * bidirectional controls shown as markers, and not cut (one text node, read as one word).
 */
export function BidiName({ name, className }: { name: string; className?: string }) {
  return <bdi className={className}>{showBidiControls(name)}</bdi>;
}
