import { ownedByDraft, withoutOwner } from '../persistence/attachment-rows';
import { AttachmentSaveError } from './attachment-send';
import type { AttachmentHost } from '../store';
import { classifyFile, refusalForMessage, type RefusalCode } from '../attachments';
import type { AttachmentErrorCode } from '../attachments';
import { attachmentTokens } from '../attachments';
import { storedBytes, type Attachment, type AttachmentKind } from '../attachments';
import type { ImageProcessor } from '../attachments';
import { newId } from '../../lib/ids';
import { toStorageError } from '../persistence';
import type { StorageUsage } from '../state';

/**
 * The files in a composer's draft, per draft key (a chat id, or 'home'), outside React (read
 * through useDraftAttachments). Adding a file classifies it at once (a refusal is returned by
 * name, the other files go on), processes it off the typing path (pictures in the image
 * worker, PDFs with pdf.js, both loaded on first use) and stores the result as a draft row, so
 * it survives a reload. When storage is full the file stays here, in memory, marked unsaved:
 * it is written with the message, or the message is not sent and the draft keeps it.
 */

export type DraftItemState = 'processing' | 'ready' | 'error';

export interface DraftAttachmentItem {
  readonly id: string;
  readonly name: string;
  /** Bytes: the file's while processing, then what is stored (the downscaled picture). */
  readonly size: number;
  readonly kind: AttachmentKind;
  readonly state: DraftItemState;
  readonly error?: AttachmentErrorCode;
  /** Estimated tokens the file adds to the message (ready only). */
  readonly tokens?: number;
  /** Storage refused it (full): it lives only in this tab until sent with its message. */
  readonly unsaved?: boolean;
  /** The processed attachment (ready only): a picture's `blob` makes its thumbnail. */
  readonly attachment?: Attachment;
}

export interface DraftAttachmentsState {
  /** False until the stored draft rows have been read. */
  readonly loaded: boolean;
  readonly items: readonly DraftAttachmentItem[];
  readonly totalTokens: number;
  /** How full storage was when it last refused a file or a message with files; undefined when the browser cannot say. */
  readonly storageFull?: { usage?: StorageUsage };
}

export interface Refusal {
  name: string;
  code: RefusalCode;
}

export type SendOutcome =
  | { status: 'sent'; messageId: string }
  /** Files are still being processed: wait for them (the composer disables sending meanwhile). */
  | { status: 'busy' }
  /** Storage refused the files: nothing was sent, the draft keeps everything. */
  | { status: 'storage-full'; usage?: StorageUsage }
  | { status: 'not-sent' };

const EMPTY: DraftAttachmentsState = Object.freeze({ loaded: false, items: Object.freeze([]) as readonly DraftAttachmentItem[], totalTokens: 0 });

export interface DraftAttachments {
  get(key: string): DraftAttachmentsState;
  subscribe(key: string, listener: () => void): () => void;
  /** Reads the draft's stored rows (once). */
  load(key: string): Promise<void>;
  /** Takes the files that fit, in order; resolves once they are classified, with the ones refused. Processing goes on. */
  add(key: string, files: readonly File[]): Promise<Refusal[]>;
  /** Resolves once every file being processed has settled (tests; a send waits for nothing). */
  settled(key: string): Promise<void>;
  remove(key: string, id: string): Promise<void>;
  setAsImages(key: string, id: string, on: boolean): Promise<void>;
  /** Sends the draft's ready files with `send`; on success they leave the draft (their rows now belong to the message). */
  sendWith(key: string, send: (attachments: Attachment[]) => Promise<string | undefined>): Promise<SendOutcome>;
}

const itemOf = (attachment: Attachment, imageMaxLongSide: number | undefined, unsaved = false): DraftAttachmentItem => ({
  id: attachment.id,
  name: attachment.name,
  size: attachment.size,
  kind: attachment.kind,
  state: 'ready',
  tokens: attachmentTokens(attachment, imageMaxLongSide),
  attachment,
  ...(unsaved && { unsaved }),
});

export function createDraftAttachments(host: AttachmentHost): DraftAttachments {
  const states = new Map<string, DraftAttachmentsState>();
  const listeners = new Map<string, Set<() => void>>();
  const loads = new Map<string, Promise<void>>();
  const work = new Map<string, Set<Promise<unknown>>>();
  /** The file's own size, for the per-message cap (what is stored is smaller). */
  const rawSizes = new Map<string, number>();
  let images: ImageProcessor | undefined;
  const settings = host.settings;

  const get = (key: string) => states.get(key) ?? EMPTY;
  const set = (key: string, change: (state: DraftAttachmentsState) => Partial<DraftAttachmentsState>) => {
    const previous = get(key);
    const next = { ...previous, ...change(previous) };
    const totalTokens = next.items.reduce((sum, item) => sum + (item.tokens ?? 0), 0);
    states.set(key, { ...next, totalTokens });
    for (const listener of [...(listeners.get(key) ?? [])]) listener();
  };
  const setItem = (key: string, id: string, change: (item: DraftAttachmentItem) => DraftAttachmentItem) =>
    set(key, (s) => ({ items: s.items.map((item) => (item.id === id ? change(item) : item)) }));
  const has = (key: string, id: string) => get(key).items.some((item) => item.id === id);

  /** Stores a draft row, after asking whether there is room; false (kept in memory) when there is none. */
  async function store(key: string, attachment: Attachment): Promise<boolean> {
    const usage = await host.usage();
    if (usage && usage.quota - usage.used < storedBytes(attachment)) {
      set(key, () => ({ storageFull: { usage } }));
      return false;
    }
    try {
      await (await host.persistence()).putAttachment(ownedByDraft(attachment, key));
      return true;
    } catch (error) {
      if (toStorageError(error).kind === 'full') {
        const after = await host.usage();
        set(key, () => ({ storageFull: { usage: after } }));
      }
      return false;
    }
  }

  async function process(key: string, id: string, file: File) {
    // Processing code (and pdf.js, for a PDF) loads with the first file, not with the composer.
    const [{ prepareAttachment, AttachmentError }, { imageProcessorFor }] = await Promise.all([
      import('../attachments/prepare-attachment'),
      import('../attachments/image-client'),
    ]);
    images ??= settings.images ?? imageProcessorFor(settings.imageWorkerUrl);
    try {
      const prepared = await prepareAttachment(file, { images, imageMaxLongSide: settings.imageMaxLongSide, pdfWorkerUrl: settings.pdfWorkerUrl });
      const attachment = { ...prepared, id } as Attachment;
      // Removed while it was processed: nothing to keep.
      if (!has(key, id)) return;
      const stored = await store(key, attachment);
      if (!has(key, id)) {
        if (stored) await (await host.persistence()).deleteAttachments([id]).catch(() => {});
        return;
      }
      setItem(key, id, () => itemOf(attachment, settings.imageMaxLongSide, !stored));
    } catch (error) {
      const code: AttachmentErrorCode = error instanceof AttachmentError ? error.code : 'image-undecodable';
      setItem(key, id, (item) => ({ ...item, state: 'error', error: code }));
    }
  }

  const track = (key: string, job: Promise<unknown>) => {
    let set = work.get(key);
    if (!set) work.set(key, (set = new Set()));
    set.add(job);
    void job.finally(() => set.delete(job));
  };

  const load = (key: string) => {
    let loading = loads.get(key);
    if (!loading) {
      loading = (async () => {
        let rows: Attachment[] = [];
        try {
          rows = (await (await host.persistence()).listDraftAttachments(key)).map(withoutOwner);
        } catch {
          // Unreadable storage: the draft starts without files rather than not at all.
        }
        set(key, (s) => {
          const known = new Set(s.items.map((item) => item.id));
          const stored = rows.filter((row) => !known.has(row.id)).map((row) => itemOf(row, settings.imageMaxLongSide));
          return { loaded: true, items: [...stored, ...s.items] };
        });
      })();
      loads.set(key, loading);
    }
    return loading;
  };

  return {
    get,
    subscribe(key, listener) {
      let set = listeners.get(key);
      if (!set) listeners.set(key, (set = new Set()));
      set.add(listener);
      return () => void set.delete(listener);
    },
    load,
    async add(key, files) {
      await load(key);
      const refused: Refusal[] = [];
      const added: { item: DraftAttachmentItem; file: File }[] = [];
      const counted = get(key).items.filter((item) => item.state !== 'error');
      const draft = { count: counted.length, bytes: counted.reduce((sum, item) => sum + (rawSizes.get(item.id) ?? item.size), 0) };
      for (const file of files) {
        const verdict = classifyFile(file);
        const code = 'refused' in verdict ? verdict.refused : refusalForMessage(draft, file);
        if (code !== undefined || 'refused' in verdict) {
          refused.push({ name: file.name, code: code ?? 'unsupported-type' });
          continue;
        }
        draft.count += 1;
        draft.bytes += file.size;
        const id = newId();
        rawSizes.set(id, file.size);
        added.push({ item: { id, name: file.name, size: file.size, kind: verdict.kind, state: 'processing' }, file });
      }
      if (added.length > 0) set(key, (s) => ({ items: [...s.items, ...added.map(({ item }) => item)] }));
      for (const { item, file } of added) track(key, process(key, item.id, file));
      return refused;
    },
    async settled(key) {
      while ((work.get(key)?.size ?? 0) > 0) await Promise.allSettled([...work.get(key)!]);
    },
    async remove(key, id) {
      set(key, (s) => ({ items: s.items.filter((item) => item.id !== id) }));
      rawSizes.delete(id);
      await (await host.persistence()).deleteAttachments([id]).catch(() => {});
    },
    async setAsImages(key, id, on) {
      const item = get(key).items.find((entry) => entry.id === id);
      if (item?.attachment?.kind !== 'pdf') return;
      const attachment: Attachment = { ...item.attachment, asImages: on };
      setItem(key, id, () => itemOf(attachment, settings.imageMaxLongSide, item.unsaved));
      if (!item.unsaved) await store(key, attachment);
    },
    async sendWith(key, send) {
      const { items } = get(key);
      if (items.some((item) => item.state === 'processing')) return { status: 'busy' };
      const ready = items.flatMap((item) => (item.state === 'ready' && item.attachment ? [item.attachment] : []));
      try {
        const messageId = await send(ready);
        if (messageId === undefined) return { status: 'not-sent' };
        for (const attachment of ready) rawSizes.delete(attachment.id);
        const sent = new Set(ready.map((attachment) => attachment.id));
        set(key, (s) => ({ items: s.items.filter((item) => !sent.has(item.id)), storageFull: undefined }));
        return { status: 'sent', messageId };
      } catch (error) {
        if (!(error instanceof AttachmentSaveError) || error.kind !== 'full') throw error;
        set(key, () => ({ storageFull: { usage: error.usage } }));
        return { status: 'storage-full', usage: error.usage };
      }
    },
  };
}
