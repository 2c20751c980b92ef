import { useEffect, useState } from 'react';
import { getChatStore } from '../../../chat';
import { displayablePicture, isSafePictureType, type Attachment, type AttachmentRef } from '../../../chat/message-files/index';
import { AttachmentTray, BidiName, FileBlockView, ImageThumbnails } from '../../../ui/attachments';
import { FileTextViewer } from '../../../ui/attachments/file-text-viewer';
import { t } from '../../../ui/attachments/attachments-text';
import './message-files.css';

/**
 * A user message's files in the thread, loaded with the first message that has any: pictures as
 * thumbnails opening the viewer (their bytes read by id when shown), text files and PDFs as
 * collapsed blocks. Also the chips of the files an edit keeps.
 */

// A message brought back by Undo shows only once its files are stored again (message-actions.ts).
// The display chokepoint: a row stored by an older version with an SVG or HTML type gets no
// object URL (displayablePicture), whatever its message's ref says; `onInert` hears of it.
const pictureLoader = (onInert: (id: string) => void) => async (id: string) => {
  const row = await getChatStore().loadAttachment(id);
  if (row?.kind !== 'image') return undefined;
  const shown = displayablePicture(row.blob, row.mimeType);
  if (!shown) onInert(id);
  return shown;
};

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
  const [viewing, setViewing] = useState(false);
  const pdf = row?.kind === 'pdf' ? row : undefined;
  const kind = file.kind === 'pdf' ? 'pdf' : 'text';
  return (
    <>
      <FileBlockView
        className="message-files__file"
        name={file.name}
        size={file.size}
        kind={kind}
        text={shownText(row)}
        pageCount={pdf?.pageCount}
        truncated={row?.kind !== 'image' && row?.truncated}
        encodingWarning={row?.kind === 'text' && row.encodingWarning}
        onOpen={row ? () => setViewing(true) : undefined}
      />
      {row && <FileTextViewer open={viewing} onOpenChange={setViewing} name={file.name} kind={kind} text={shownText(row)} />}
    </>
  );
}

/** A "picture" whose type is not an allowlisted raster one: named, never drawn or linked. */
function UnsafePicture({ file }: { file: AttachmentRef }) {
  return (
    <p className="message-files__unsafe" data-state="unsafe">
      <BidiName name={file.name} /> {t('attachments.picture.unsafe')}
    </p>
  );
}

export function MessageFiles({ files }: { files: readonly AttachmentRef[] }) {
  // Pictures whose ref looked safe but whose stored row is not: shown as notes, like the rest.
  const [inert, setInert] = useState<ReadonlySet<string>>(() => new Set());
  const [loadBlob] = useState(() => pictureLoader((id) => setInert((previous) => (previous.has(id) ? previous : new Set(previous).add(id)))));
  const shown = (file: AttachmentRef) => isSafePictureType(file.mimeType) && !inert.has(file.id);
  const images = files.filter((file) => file.kind === 'image' && shown(file));
  const unsafe = files.filter((file) => file.kind === 'image' && !shown(file));
  const others = files.filter((file) => file.kind !== 'image');
  return (
    <div className="message-files">
      <ImageThumbnails images={images} loadBlob={loadBlob} />
      {unsafe.map((file) => (
        <UnsafePicture key={file.id} file={file} />
      ))}
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
