import { splitFileName } from './split-file-name';

/**
 * A file name that fits any width: the head ellipsizes, the tail (ending and extension) stays.
 * The full name is the text (read whole by screen readers) and the tooltip (`title`).
 */
export function FileName({ name, className }: { name: string; className?: string }) {
  const { head, tail } = splitFileName(name);
  return (
    <span className={className ? `file-name ${className}` : 'file-name'} title={name}>
      <span className="file-name__head">{head}</span>
      {tail && <span className="file-name__tail">{tail}</span>}
    </span>
  );
}
