import {
  contextEstimate,
  displayablePicture,
  draftAttachmentsOf,
  MAX_FILE_BYTES,
  MAX_FILES_PER_MESSAGE,
  MAX_MESSAGE_BYTES,
  type DraftAttachmentItem,
  type DraftAttachmentsState,
  type Refusal,
  type Attachment,
  type SendOutcome,
} from '../../../chat/message-files/index';
import { modelIdOf } from '../../../chat/connections';
import { formatBytes } from '../../../lib/format-bytes';
import type { TextSource } from '../../../lib/text-source';
import { useSettledText } from '../../../lib/use-settled-text';
import { AttachmentTray, attachmentErrorText, FileDropOverlay, type AttachmentTrayItem } from '../../../ui/attachments';
// The kit's `t`: importing it registers the attachments' strings, which this chunk's pieces show.
import { t } from '../../../ui/attachments/attachments-text';
import { Button } from '../../../ui/button';
import './composer-files.css';
import { tn } from '../../../i18n/plural';

/**
 * The composers' attachment machinery, loaded with the first file (added, dropped, pasted, or
 * found in a stored draft), never with the first screen: the tray of chips, the sentences for
 * refused files, storage-full and context warnings. use-composer-files.tsx is the pages' side.
 */

export { FileDropOverlay };

/** The context warning counts the text typed at most this long ago (as the chat's meter does). */
const TEXT_SETTLE_MS = 200;
export { withoutExports } from '../import-request';

/** The draft files of the app's chat store. */
export const drafts = () => draftAttachmentsOf();

/** Attaches files to the draft; the note for those refused. */
export const addFiles = async (key: string, files: readonly File[]) => refusalNote(await drafts().add(key, files), files);

/** Sends the draft's ready files with `send`; files still being prepared are waited for first (`setWaiting` says so meanwhile). */
export async function sendWith(key: string, send: (attachments: Attachment[]) => Promise<string | undefined>, setWaiting: (waiting: boolean) => void): Promise<SendOutcome> {
  const outcome = await drafts().sendWith(key, send);
  if (outcome.status !== 'busy') return outcome;
  setWaiting(true);
  try {
    await drafts().settled(key);
  } finally {
    setWaiting(false);
  }
  return drafts().sendWith(key, send);
}

/** The domain's limits, quoted by the sentences that refuse a file. */
const LIMITS = { maxFileBytes: MAX_FILE_BYTES, maxMessageBytes: MAX_MESSAGE_BYTES, maxFiles: MAX_FILES_PER_MESSAGE };

/** What the note beside the message box says of one batch of refused files. */
export interface RefusalNote {
  title: string;
  /** A sentence a file, naming it and what to do. */
  lines: readonly string[];
}

/** The note for one batch of refused files; undefined when every file was taken. */
export function refusalNote(refused: readonly Refusal[], files: readonly File[]): RefusalNote | undefined {
  if (refused.length === 0) return undefined;
  const sizes = new Map(files.map((file) => [file.name, file.size]));
  return {
    title: tn('attachments.refused', refused.length),
    lines: refused.map(({ name, code }) => attachmentErrorText(code, name, { ...LIMITS, size: sizes.get(name) })),
  };
}

/**
 * Refused files are said beside the message box, where they were dropped, not in a toast over the
 * chat's header; the note stays until dismissed or the next files are added.
 */
function RefusedFiles({ note, onDismiss }: { note: RefusalNote; onDismiss: () => void }) {
  return (
    <div className="composer-files__note composer-files__refused" role="alert" data-state="refused">
      <p className="composer-files__refused-title">{note.title}</p>
      {note.lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <Button size="xs" variant="ghost" color="neutral" icon="lucide:x" label={t('attachments.dismissRefused')} onClick={onDismiss} />
    </div>
  );
}

function trayItem(item: DraftAttachmentItem, setAsImages: (id: string, on: boolean) => void, canSendAsImages: boolean): AttachmentTrayItem {
  const { attachment } = item;
  return {
    ref: { id: item.id, kind: item.kind, name: item.name, size: item.size },
    state: item.state,
    tokens: item.tokens,
    ...(item.error && { error: attachmentErrorText(item.error, item.name, { ...LIMITS, size: item.size }) }),
    ...(attachment?.kind === 'image' && { preview: displayablePicture(attachment.blob, attachment.mimeType) }),
    ...(item.kind === 'pdf' && {
      pdf: {
        hasTextLayer: attachment?.kind === 'pdf' ? attachment.hasTextLayer : undefined,
        // Pages as pictures need the PDF itself and a model that may read pictures.
        canSendAsImages: canSendAsImages && attachment?.kind === 'pdf' && attachment.source !== undefined,
        asImages: attachment?.kind === 'pdf' ? (attachment.asImages ?? false) : false,
        onAsImagesChange: (on: boolean) => setAsImages(item.id, on),
      },
    }),
  };
}

export interface DraftTrayProps {
  draftKey: string;
  items: readonly DraftAttachmentItem[];
  /** False when the model's server says it takes no pictures: PDFs do not offer their pages as images. */
  canSendAsImages: boolean;
  onFocusEmpty: () => void;
}

/** The draft's chips above the text: name, size, ≈ tokens, state, remove, and a PDF's choices. */
export function DraftTray({ draftKey, items, canSendAsImages, onFocusEmpty }: DraftTrayProps) {
  const files = drafts();
  const setAsImages = (id: string, on: boolean) => void files.setAsImages(draftKey, id, on);
  return (
    <AttachmentTray
      items={items.map((item) => trayItem(item, setAsImages, canSendAsImages))}
      onRemove={(id) => void files.remove(draftKey, id)}
      onFocusEmpty={onFocusEmpty}
    />
  );
}

export interface ComposerFilesNotesProps {
  state: DraftAttachmentsState;
  /** A send is waiting for files still being prepared. */
  waiting: boolean;
  /** The message box's text, for the context warning (read once typing pauses: a keystroke renders nothing here). */
  text: TextSource;
  /** The model the message goes to (a reference), for the context warning. */
  model?: string;
  contextLength?: number;
  /** What the model's server says of pictures; false: it does not take them. */
  acceptsImages?: boolean;
  /** Files just refused, and how to put the note away. */
  refused?: RefusalNote;
  onDismissRefused?: () => void;
}

/** The lines under the composer: waiting for files, storage full (nothing lost), over the model's context, pictures a model won't take. */
export function ComposerFilesNotes({ state, waiting, text, model, contextLength, acceptsImages, refused, onDismissRefused }: ComposerFilesNotesProps) {
  const estimate = contextEstimate(useSettledText(text, TEXT_SETTLE_MS), state.totalTokens, contextLength);
  const usage = state.storageFull?.usage;
  const numbers = new Intl.NumberFormat();
  return (
    <>
      {refused && <RefusedFiles note={refused} onDismiss={() => onDismissRefused?.()} />}
      {waiting && (
        <p className="composer-files__note" role="status" data-state="waiting">
          {t('attachments.waiting')}
        </p>
      )}
      {state.storageFull && (
        <p className="composer-files__note" role="alert" data-state="storage-full">
          {usage
            ? t('attachments.storageFull', { used: formatBytes(usage.used), quota: formatBytes(usage.quota) })
            : t('attachments.storageFull.unknown')}
        </p>
      )}
      {acceptsImages === false && model && state.items.some((item) => item.kind === 'image') && (
        <p className="composer-files__note" role="status" data-state="no-images">
          {t('attachments.modelTakesNoImages', { model: modelIdOf(model) })}
        </p>
      )}
      {estimate.exceeds && estimate.contextLength !== undefined && model && (
        <p className="composer-files__note" role="status" data-state="over-context">
          {tn('attachments.context', estimate.tokens, {
            count: numbers.format(estimate.tokens),
            model: modelIdOf(model),
            limit: numbers.format(estimate.contextLength),
          })}
        </p>
      )}
    </>
  );
}
