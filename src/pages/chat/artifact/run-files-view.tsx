// What a run made (issue 36): its figures and the files it wrote to /mnt/data/out, under its output.
// A picture shows when its bytes are one of the safe picture types; every file can be saved. The
// bytes are the run's (untrusted): they become a blob: address of an inert type, never a document.
import { useEffect, useMemo } from 'react';
import { INERT_TYPE, isSafePictureType } from '../../../chat/message-files';
import type { RunFile } from '../../../chat/sandbox/code-runs';
import { t } from '../chat-text';

const PICTURE_TYPE_OF: Readonly<Record<string, string>> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

export function RunFilesView({ files }: { files: readonly RunFile[] }) {
  const shown = useMemo(
    () =>
      files.map((file) => {
        // Only the allowlisted picture types show (no SVG: an <img> would not run its script, but a tab opened on it would); anything else is inert bytes to save.
        const claimed = PICTURE_TYPE_OF[file.name.split('.').pop()!.toLowerCase()];
        const type = isSafePictureType(claimed) ? claimed! : INERT_TYPE;
        return { name: file.name, size: file.data.byteLength, picture: type !== INERT_TYPE, url: URL.createObjectURL(new Blob([file.data], { type })) };
      }),
    [files],
  );
  useEffect(() => () => shown.forEach((file) => URL.revokeObjectURL(file.url)), [shown]);
  if (shown.length === 0) return null;
  return (
    <ul className="code-run__files" aria-label={t('run.files')}>
      {shown.map((file) => (
        <li key={file.name}>
          {file.picture ? <img className="code-run__picture" src={file.url} alt={t('run.picture', { name: file.name })} /> : null}
          <a href={file.url} download={file.name}>
            {t('run.save', { name: file.name, size: file.size.toLocaleString() })}
          </a>
        </li>
      ))}
    </ul>
  );
}
