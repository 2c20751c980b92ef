import { useEffect, useState } from 'react';
import { getChatStore } from '../../chat';
import type { Attachment, AttachmentRef } from '../../chat/message-files/index';
import { AttachmentTray, FileBlockView, ImageThumbnails } from '../../ui/attachments';
import { t } from '../../ui/attachments/attachments-text';
import './message-files.css';

/**
 * A user message's files in the thread, loaded with the first message that has any: pictures as
 * thumbnails opening the viewer (their bytes read by id when shown), text files and PDFs as
 * collapsed blocks. Also the chips of the files an edit keeps.
 */

// A message brought back by Undo shows only once its files are stored again (message-actions.ts).
const loadBlob = (id: string) => getChatStore().loadAttachmentBlob(id);

/** A file's text as shown: a scan's notice rather than an empty block. */
function shownText(row: Attachment | undefined): string {
  if (!row || row.kind === 'image') return '';
  if (row.kind === 'pdf' && !row.hasTextLayer) return t('attachments.pdf.noTextLayer');
  return row.text;
}

/**
 * Read as soon as the message shows, not when opened: the summary quotes a PDF's page count, and
 * the text is in the page for find-in-page and copying. Only the rows of messages on screen are read.
 */
function StoredFileBlock({ file }: { file: AttachmentRef }) {
  const [row, setRow] = useState<Attachment>();
  useEffect(() => {
    let live = true;
    getChatStore().loadAttachment(file.id)
      .then(
        (found) => live && setRow(found),
        () => {},
      );
    return () => {
      live = false;
    };
  }, [file.id]);
  const pdf = row?.kind === 'pdf' ? row : undefined;
  return (
    <FileBlockView
      className="message-files__file"
      name={file.name}
      size={file.size}
      kind={file.kind === 'pdf' ? 'pdf' : 'text'}
      text={shownText(row)}
      pageCount={pdf?.pageCount}
      truncated={row?.kind !== 'image' && row?.truncated}
      encodingWarning={row?.kind === 'text' && row.encodingWarning}
    />
  );
}

export function MessageFiles({ files }: { files: readonly AttachmentRef[] }) {
  const images = files.filter((file) => file.kind === 'image');
  const others = files.filter((file) => file.kind !== 'image');
  return (
    <div className="message-files">
      <ImageThumbnails images={images} loadBlob={loadBlob} />
      {others.map((file) => (
        <StoredFileBlock key={file.id} file={file} />
      ))}
    </div>
  );
}

export interface EditedFilesProps {
  files: readonly AttachmentRef[];
  onRemove: (id: string) => void;
  onFocusEmpty: () => void;
}

/** The files an edit keeps, as removable chips (they are stored: ready, with no token figure to redo). */
export function EditedFiles({ files, onRemove, onFocusEmpty }: EditedFilesProps) {
  return <AttachmentTray items={files.map((file) => ({ ref: file, state: 'ready' as const }))} onRemove={onRemove} onFocusEmpty={onFocusEmpty} />;
}
