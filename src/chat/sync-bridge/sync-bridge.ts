import type { PouchDatabase, PouchDoc } from 'pouchdb-core';
import type { ChatPersistence } from '../persistence';
import { StorageError, type StoredAttachment } from '../persistence';
import type { Chat, Message } from '../types';
import { yieldToEventLoop } from '../../lib/yield-to-event-loop';
import { createChangeInbox, type ArrivedChange, type BridgeProgress } from './change-inbox';
import { compareVersions, sealedVersion, withBase64Data, type DocCodec, type Opened } from './doc-codec';
import { createFirstPull, type FirstPull } from './first-pull';
import { createLibraryBridge, type LibrarySink } from './library-bridge';
import { openReplicaFeed, type ReplicaFeed } from './replica-feed';
import { resolveConflicts } from './sync-conflicts';
import {
  attachmentDocId, chatDocId, chatRange, joinAttachment, libraryDocId, messageDocId, parseDocId, sameContent, splitAttachment, stableJson, type ChatPlace, type DocBody,
  type ParsedId,
} from './sync-docs';
import type { RefusalKind, SyncRefusal } from './sync-refusal';
import { createSkippedDocs } from './skipped-docs';
import { checkSyncedRow } from './synced-rows';
import { createVersionLedger, type LedgerEntry } from './version-ledger';

/**
 * Between Parley's storage (a ChatPersistence, the source of truth the app reads) and the local
 * PouchDB that replicates with the server. Out: `exportChat` turns one chat's rows into
 * documents, writing only what changed and tombstoning what is gone. In: the local database's
 * changes feed brings every revision (replicated, or a conflict resolved), written to storage
 * and announced, the path other tabs' changes take. One queue runs both ways, one step at a time.
 * Encrypted, every document's version only moves forward (version-ledger.ts): an older copy, or a
 * deletion without a signed marker, is refused and reported, never applied (docs/sync.md).
 */

/** A streaming reply is written at most this often (it is saved every second locally): not per token. */
export const STREAM_EXPORT_INTERVAL_MS = 5000;

export { APPLY_SLICE_SIZE, type BridgeProgress } from './change-inbox';

/** Documents of a slice decoded (decrypted) together before the page gets a turn. */
const OPEN_PART_SIZE = 100;

/** A broken chat's title as the server sent it is cut to this when named (it may be anything). */
const MAX_TITLE_CHARS = 200;

/** The bridge's own checkpoint in the replica (never replicated): the last sequence whose changes are all in Parley's store. */
export const BRIDGE_CHECKPOINT_ID = '_local/parley-bridge';

export interface SyncBridgeOptions {
  persistence: ChatPersistence;
  local: PouchDatabase;
  codec: DocCodec;
  /** Chats changed in storage behind the store's back: every tab reads them again (announceReplicatedChats). */
  announce(chatIds: readonly string[]): void;
  now?(): number;
  /** After every slice of replicated documents applied: how far along the backlog is. */
  onProgress?(progress: BridgeProgress): void;
  /** A change from the server that was not applied (encrypted sync; a broken library row, chat or message in either mode). */
  onRefused?(refusal: SyncRefusal): void;
  /** Where a library row from another device goes (the app's library store, so the screen shows it); by default straight into storage. */
  library?: LibrarySink;
  /** Nothing was ever written to the replica (update_seq 0): the version ledger has nothing to read yet. */
  freshReplica?: boolean;
}

export type { LibrarySink } from './library-bridge';

export interface SyncBridge {
  /** The store calls this after every local change of a chat (its row, messages or attachments, or its deletion). */
  exportChat(chatId: string): Promise<void>;
  /** Every chat and library row in storage: the first sync, and after being offline. */
  exportAll(): Promise<void>;
  /** The library store calls this after every local change of a row (written or deleted). */
  exportLibrary(rowId: string): Promise<void>;
  /** Starts applying the local database's changes to storage. */
  start(): void;
  /**
   * A batch the pull has just written to the replica. In a first sync into a fresh replica, taken
   * as it is (first-pull.ts) rather than read back; once following, the feed reads what is new
   * (the pull may write from a worker, which this page's PouchDB does not hear).
   */
  pulled(docs: readonly PouchDoc[]): void;
  /**
   * The pull has caught up, the replica at `seq`: from here its changes feed brings every change
   * (after `seq`; undefined: after the bridge's checkpoint). Called with the replica's update_seq
   * read in the pull's pause, when no batch is being written: each batch before it was handed over
   * by pulled(), each one after comes through the feed.
   */
  follow(seq?: number): void;
  stop(): void;
  /** Resolves once every queued step has run (tests, and a clean stop). */
  idle(): Promise<void>;
  /**
   * An attachment this device has not got: the pull leaves `att:` documents (the bytes) on the
   * server, so it is read from `remote` when its chat is opened, stored, and copied into the
   * replica with its revision (a later export of the chat then has nothing to write).
   */
  fetchAttachment(remote: PouchDatabase, chatId: string, attachmentId: string): Promise<StoredAttachment | undefined>;
  /** How many writes to the replica the bridge has begun (exports, conflict resolutions, fetched files). */
  localWrites(): number;
}

const descendantsOf = (messages: readonly Message[], id: string): Message[] => {
  const found: Message[] = [];
  let frontier = [id];
  while (frontier.length > 0) {
    const children = messages.filter((message) => message.parentId !== null && frontier.includes(message.parentId));
    found.push(...children);
    frontier = children.map((child) => child.id);
  }
  return found;
};

export function createSyncBridge({ persistence, local, codec, announce, now = Date.now, onProgress, onRefused, library, freshReplica = false }: SyncBridgeOptions): SyncBridge {
  let queue: Promise<unknown> = Promise.resolve();
  const enqueue = <T>(step: () => Promise<T>): Promise<T> => {
    const run = queue.then(step, step);
    queue = run.catch(() => undefined);
    return run;
  };
  /** What this device last wrote or applied per document, content only: an unchanged row costs no decryption. */
  const known = new Map<string, string>();
  const streamedAt = new Map<string, number>();
  /** Messages whose chat has not arrived yet. */
  const waiting = new Map<string, Message[]>();
  /** Documents skipped as broken (or refused by storage alone), named at every start until a good revision applies. */
  const skipped = createSkippedDocs(local);
  /** Changes storage failed to take this session (a full disk): the checkpoint stays before them, the next start replays them. */
  let storeFailures = 0;
  let feed: ReplicaFeed | undefined;
  /** While set, pulled documents come through pulled(), until follow(): a fresh replica holds nothing the pull has not written. */
  let firstPull: FirstPull | undefined = freshReplica ? createFirstPull() : undefined;
  /** Writes to the replica begun (the controller's push skips a first sync's pulled documents only when there were none). */
  let writes = 0;
  const bulkWrite = (docs: PouchDoc[], options?: { new_edits: false }) => {
    writes += 1;
    if (firstPull) for (const doc of docs) firstPull.wrote(doc._id);
    return local.bulkDocs(docs, options);
  };
  /** Encrypted only: a plain database's server can write anything anyway (docs/sync.md, "Threat model"). */
  const ledger = codec.encrypted ? createVersionLedger(local, { fresh: freshReplica }) : undefined;

  /** The version a new revision of `id` is written at: now, or past every version of it seen (a clock behind never writes an older one). */
  async function nextVersion(id: string, at: number, existing?: PouchDoc | null): Promise<number> {
    if (!ledger) return at;
    const seen = Math.max((await ledger.get(id))?.at ?? 0, typeof existing?.v === 'number' ? existing.v : 0);
    return Math.max(at, seen + 1);
  }

  /** What was written (ok results only) becomes the ledger's: this device's own revisions come back through the feed. */
  async function recordWritten(docs: readonly PouchDoc[], results: readonly { ok?: boolean; error?: unknown }[]): Promise<void> {
    if (!ledger) return;
    for (const [index, doc] of docs.entries()) {
      const version = sealedVersion(doc);
      if (!version || !results[index]?.ok || results[index]?.error) continue;
      await ledger.set(doc._id, doc._deleted ? await deletionEntry(doc._id, version) : version);
    }
    await ledger.flush();
  }

  async function deletionEntry(id: string, version: { at: number; tie: string }): Promise<LedgerEntry> {
    const before = await ledger?.get(id);
    const live = before && !before.deleted ? { at: before.at, tie: before.tie } : before?.live;
    return { ...version, deleted: true, ...(live ? { live } : {}) };
  }

  const remember = (id: string, body: DocBody) => known.set(id, stableJson({ ...body, changedAt: 0 }));
  /**
   * The content this device last wrote or applied for the document: its own export coming back
   * through the feed (or one applied already). Storage holds it, or a newer local change that is
   * exported next; writing it again would undo that change (a rename made just after the chat was
   * sent, with the feed a slice behind).
   */
  const isKnown = (id: string, body: DocBody) => {
    const content = known.get(id);
    // A first sync meets every document once: no entry, so nothing to serialise.
    return content !== undefined && content === stableJson({ ...body, changedAt: 0 });
  };

  async function storedBody(doc: PouchDoc | null | undefined): Promise<DocBody | undefined> {
    return doc && !doc._deleted ? codec.decode(doc) : undefined;
  }

  /** The document for `body` on top of `rev`, or nothing when the stored one already says it. */
  async function docFor(id: string, body: DocBody, existing: { rev: string; doc?: PouchDoc | null; deleted?: boolean } | undefined, bytes?: Blob) {
    const content = stableJson({ ...body, changedAt: 0 });
    if (existing && !existing.deleted) {
      if (known.get(id) === content) return undefined;
      if (sameContent(await storedBody(existing.doc), body)) return void known.set(id, content);
    }
    known.set(id, content);
    const versioned = { ...body, changedAt: await nextVersion(id, body.changedAt, existing?.doc) };
    return { _id: id, ...(existing ? { _rev: existing.rev } : {}), ...(await codec.encode(id, versioned, bytes)) } as PouchDoc;
  }

  async function rangeRows(kind: 'msg' | 'att', chatId: string) {
    const { rows } = await local.allDocs({ ...chatRange(kind, chatId), include_docs: kind === 'msg' });
    return new Map(rows.map((row) => [row.id, { rev: row.value.rev, deleted: row.value.deleted, doc: row.doc }]));
  }

  async function writeChat(chatId: string): Promise<void> {
    const [chatRow] = (await local.allDocs({ keys: [chatDocId(chatId)], include_docs: true })).rows;
    const chatExisting = chatRow?.value ? { rev: chatRow.value.rev, deleted: chatRow.value.deleted, doc: chatRow.doc } : undefined;
    const messageRows = await rangeRows('msg', chatId);
    const attachmentRows = await rangeRows('att', chatId);
    const chat = await persistence.getChat(chatId);
    const docs: PouchDoc[] = [];
    const at = now();
    /** Encrypted, the tombstone carries the signed deletion marker: a bare one is the server's. */
    const tombstone = async (id: string, row: { rev: string; deleted?: boolean; doc?: PouchDoc | null } | undefined) => {
      known.delete(id);
      if (!row || row.deleted) return;
      docs.push({ _id: id, _rev: row.rev, _deleted: true, ...(await codec.encodeDeletion(id, await nextVersion(id, at, row.doc))) });
    };
    if (!chat) {
      await tombstone(chatDocId(chatId), chatExisting);
      for (const [id, row] of [...messageRows, ...attachmentRows]) await tombstone(id, row);
    } else {
      const chatDoc = await docFor(chatDocId(chatId), { type: 'chat', changedAt: at, chat }, chatExisting);
      if (chatDoc) docs.push(chatDoc);
      const messages = await persistence.listMessages(chatId);
      const live = new Set<string>();
      for (const message of messages) {
        const id = messageDocId(chatId, message.id);
        live.add(id);
        if (message.status === 'streaming' && at - (streamedAt.get(id) ?? 0) < STREAM_EXPORT_INTERVAL_MS) continue;
        if (message.status === 'streaming') streamedAt.set(id, at);
        const doc = await docFor(id, { type: 'msg', changedAt: at, message }, messageRows.get(id));
        if (doc) docs.push(doc);
      }
      // A message skipped as broken was never here: not this device's to delete (a newer Parley may read it).
      for (const [id, row] of messageRows) if (!live.has(id) && !skipped.has(id)) await tombstone(id, row);
      const owned = new Set<string>();
      for (const row of await persistence.listChatAttachments(chatId)) {
        const id = attachmentDocId(chatId, row.id);
        owned.add(id);
        const existing = attachmentRows.get(id);
        if (existing && !existing.deleted) continue; // an attachment never changes: a new version gets a new id
        const { attachment, bytes } = splitAttachment(row);
        const doc = await docFor(id, { type: 'att', changedAt: at, attachment }, existing, bytes);
        if (doc) docs.push(doc);
      }
      for (const [id, row] of attachmentRows) if (!owned.has(id)) await tombstone(id, row);
    }
    if (docs.length > 0) await recordWritten(docs, await bulkWrite(docs));
  }

  /** The library's rows, written and applied with this bridge's memory of what it wrote (library-bridge.ts). */
  const libraryDocs = createLibraryBridge({
    persistence,
    local,
    codec,
    now,
    onRefused,
    library,
    forget: (id) => void known.delete(id),
    remember,
    docFor,
    nextVersion,
    write: async (docs) => recordWritten(docs, await bulkWrite(docs)),
  });

  /**
   * A chat or message document that cannot be stored (a broken row, or one storage refused on its
   * own): skipped and named, never fatal to the rest of its slice, and the checkpoint moves past it
   * (skipped-docs.ts). The good messages waiting for a skipped chat are skipped with it, until a good
   * revision of the chat arrives. Named by the chat's title: the broken row's own when it has one, or
   * the one stored here (looked up once the slice is written, when the chat may have arrived with it).
   */
  const brokenInSlice = new Map<string, string | undefined>();
  /** A broken chat row's title, when it has one as text. */
  const titleOf = (body: DocBody | undefined): unknown => (body?.type === 'chat' ? (body.chat as { title?: unknown } | null)?.title : undefined);
  function skipBroken(id: string, chatId: string, title?: unknown): void {
    const named = typeof title === 'string' && title.trim() ? title.slice(0, MAX_TITLE_CHARS) : undefined;
    skipped.add(id, { chatId, ...(named && { title: named }) });
    if (id === chatDocId(chatId)) {
      for (const message of waiting.get(chatId) ?? []) skipped.add(messageDocId(chatId, message.id), { chatId, waitsForChat: true });
      waiting.delete(chatId);
    }
    brokenInSlice.set(chatId, named ?? brokenInSlice.get(chatId));
  }
  async function nameBroken(): Promise<void> {
    for (const [chatId, title] of brokenInSlice) onRefused?.({ kind: 'broken-chat', chatId, title: title ?? (await persistence.getChat(chatId).catch(() => undefined))?.title ?? chatId });
    brokenInSlice.clear();
  }
  /** A good message whose chat was skipped as broken waits with it, named, instead of blocking the checkpoint. */
  function holdOrphan(message: Message): void {
    if (skipped.has(chatDocId(message.chatId))) skipped.add(messageDocId(message.chatId, message.id), { chatId: message.chatId, waitsForChat: true });
    else waiting.set(message.chatId, [...(waiting.get(message.chatId) ?? []), message]);
  }
  /** Read again once their chat is stored: the good messages skipped while it was broken. */
  const reapply: string[] = [];
  const chatArrived = (chatId: string) => reapply.push(...skipped.waitingFor(chatId));

  /** A message deleted elsewhere: kept (its tombstone overwritten) when a live message here continues it. */
  async function applyMessageDeletion(chatId: string, messageId: string, rev: string): Promise<boolean> {
    const messages = await persistence.listMessages(chatId);
    const message = messages.find((row) => row.id === messageId);
    if (!message) return false;
    const descendants = descendantsOf(messages, messageId);
    const rows = descendants.length > 0 ? (await local.allDocs({ keys: descendants.map((row) => messageDocId(chatId, row.id)) })).rows : [];
    const continued = rows.some((row) => !row.value || !row.value.deleted);
    if (continued) {
      const id = messageDocId(chatId, messageId);
      known.delete(id);
      const doc = await docFor(id, { type: 'msg', changedAt: now(), message }, { rev, deleted: true });
      if (doc) await recordWritten([doc], await bulkWrite([doc]));
      return false;
    }
    await persistence.deleteMessages(chatId, [messageId]);
    return true;
  }

  async function applyLive(chatId: string, kind: ChatPlace['kind'], body: DocBody, doc: PouchDoc): Promise<boolean> {
    if (kind !== 'att') {
      const check = checkSyncedRow(parseDocId(doc._id) as ChatPlace, body);
      if (!check.ok) {
        skipBroken(doc._id, chatId, titleOf(body));
        return false;
      }
      skipped.remove(doc._id);
    }
    if (isKnown(doc._id, body)) return false;
    remember(doc._id, body);
    if (body.type === 'chat') {
      const existing = await persistence.getChat(chatId);
      if (existing && stableJson(existing) === stableJson(body.chat)) return false;
      if (existing) await persistence.putChat(body.chat);
      else await persistence.createChat(body.chat, []);
      for (const message of waiting.get(chatId) ?? []) await persistence.putMessage(message);
      waiting.delete(chatId);
      chatArrived(chatId);
      return true;
    }
    if (body.type === 'msg') {
      const stored = await persistence.listMessages(chatId);
      const same = stored.find((row) => row.id === body.message.id);
      if (same && stableJson(same) === stableJson(body.message)) return false;
      if (!(await persistence.putMessage(body.message))) holdOrphan(body.message);
      return true;
    }
    if (kind === 'att' && body.type === 'att') {
      const [existing] = await persistence.getAttachments([body.attachment.id]);
      if (existing) return false;
      const full = await local.get(doc._id, { attachments: true });
      await persistence.putAttachment(joinAttachment(body.attachment, await codec.decodeBytes(full, body.attachment.mimeType)));
      return true;
    }
    return false;
  }

  /** Whether this device holds what the document is about (a deletion of something gone here is no news). */
  async function heldHere(place: ParsedId): Promise<boolean> {
    if (place.kind === 'lib') return (await libraryDocs.row(place.rowId)) !== undefined;
    if (place.kind === 'chat') return (await persistence.getChat(place.chatId)) !== undefined;
    if (place.kind === 'msg') return (await persistence.listMessages(place.chatId)).some((row) => row.id === place.rowId);
    return (await persistence.getAttachments([place.rowId!])).length > 0;
  }

  async function refuse(kind: RefusalKind, place: ParsedId): Promise<void> {
    if (kind !== 'unreadable' && !(await heldHere(place))) return;
    if (place.kind === 'lib') {
      const row = await libraryDocs.row(place.rowId);
      onRefused?.({ kind, chatId: libraryDocId(place.rowId), title: row && 'name' in row ? row.name : place.rowId });
      return;
    }
    onRefused?.({ kind, chatId: place.chatId, title: (await persistence.getChat(place.chatId))?.title });
  }

  /**
   * Encrypted: whether the revision is to be applied (not when seen already); its version becomes the ledger's. Refused: a
   * tombstone without a valid marker, a body that does not open (moved from another document, or
   * not Parley's), and a version older than one seen here, except a change older than a deletion
   * seen here that is not older than what preceded the deletion (rule 4: a change survives a deletion).
   */
  async function admit(id: string, place: ParsedId, deleted: boolean, opened: Opened | undefined): Promise<boolean> {
    if (!ledger) return true;
    if (!opened || (opened.body.type === 'deleted') !== deleted) {
      await refuse(deleted ? 'unsigned-deletion' : 'unreadable', place);
      return false;
    }
    const seen = await ledger.get(id);
    const order = seen ? compareVersions(opened.version, seen) : 1;
    // This device's own revision coming back, or one it applied already: applying it again could only
    // put back an older state of a row changed since (a reply still streaming when it was exported).
    if (order === 0) return false;
    if (seen && order < 0) {
      const survivesDeletion = !deleted && seen.deleted === true && (!seen.live || compareVersions(opened.version, seen.live) >= 0);
      if (!survivesDeletion) {
        await refuse('older', place);
        return false;
      }
    }
    await ledger.set(id, deleted ? await deletionEntry(id, opened.version) : opened.version);
    return true;
  }

  /** The chat the change altered in storage, if any. `doc`: the document as the replica holds it now (read with its conflicts), when live. */
  async function applyChange(id: string, deleted: boolean, rev: string, doc: PouchDoc | undefined): Promise<string | undefined> {
    const place = parseDocId(id);
    if (!place) return undefined;
    let changed = false;
    if (deleted && ledger && !(await admit(id, place, true, await codec.open(await local.get(id, { rev }))))) return undefined;
    if (!deleted && !doc) return undefined; // deleted since: its tombstone's change comes next
    // The resolution is a new revision: it comes through here next.
    if (!deleted && doc!._conflicts?.length && (await resolveConflicts(local, codec, id, doc!, () => (writes += 1)))) return undefined;
    if (place.kind === 'lib') {
      if (deleted) {
        await libraryDocs.applyDeletion(id, place);
        return undefined;
      }
      if (ledger && !(await admit(id, place, false, await codec.open(doc!)))) return undefined;
      await libraryDocs.apply(id, place, await codec.decode(doc!));
      return undefined;
    }
    if (deleted) {
      known.delete(id);
      skipped.remove(id);
      if (place.kind === 'chat') changed = (await persistence.deleteChat(place.chatId)) !== undefined;
      else if (place.kind === 'msg') changed = await applyMessageDeletion(place.chatId, place.rowId!, rev);
      else await persistence.deleteAttachments([place.rowId!]);
    } else {
      const opened = await codec.open(doc!);
      if (ledger && !(await admit(id, place, false, opened))) return undefined;
      const body = opened?.body.type === 'deleted' ? undefined : opened?.body;
      if (body) changed = await applyLive(place.chatId, place.kind, body, doc!);
      else if (place.kind !== 'att') skipBroken(id, place.chatId);
    }
    return changed ? place.chatId : undefined;
  }

  /**
   * Opens a slice's documents (undefined: not batchable), OPEN_PART_SIZE at a time, in parallel
   * within a part; the page gets a turn between parts. Decoding a whole slice in one go (encrypted:
   * base64, and handing each to WebCrypto) made one task of up to 100 ms (bench:sync).
   */
  async function openInParts(slice: readonly (PouchDoc | undefined)[]): Promise<(Opened | undefined)[]> {
    const opened: (Opened | undefined)[] = [];
    for (let from = 0; from < slice.length; from += OPEN_PART_SIZE) {
      if (from > 0) await yieldToEventLoop();
      opened.push(...(await Promise.all(slice.slice(from, from + OPEN_PART_SIZE).map((doc) => (doc ? codec.open(doc) : undefined)))));
    }
    return opened;
  }

  const same = (a: unknown, b: unknown) => stableJson(a) === stableJson(b);
  /** A failure of storage itself (full, closed), not of one row: going row by row could only fail the same way. */
  const storageGone = (error: unknown) => error instanceof StorageError && error.kind !== 'failed';

  /** A live chat or message row, without conflicts: the common case, written with its slice in one transaction. */
  const batchable = (change: ArrivedChange, doc: PouchDoc | undefined) => {
    const kind = parseDocId(change.id)?.kind;
    return !change.deleted && doc !== undefined && !doc._conflicts?.length && (kind === 'chat' || kind === 'msg');
  };

  /**
   * A slice of changes, in order. The feed brought the documents with their conflicts, so one
   * without any is not read again; live chat and message rows are opened together
   * (decryption runs in parallel) and written to storage in one transaction; anything else (a
   * deletion, a conflict, a file, a library row) goes one at a time, after the rows before it.
   */
  async function applySlice(changes: readonly ArrivedChange[]): Promise<{ changed: string[]; failed: boolean }> {
    // The feed brings each document (with its conflicts); one it did not is read here, the slice's in one request.
    const unread = changes.filter((change) => !change.deleted && !change.doc).map((change) => change.id);
    const { rows } = unread.length > 0 ? await local.allDocs({ keys: unread, include_docs: true, conflicts: true }) : { rows: [] };
    const docs = new Map(rows.flatMap((row) => (row.doc && !row.value?.deleted ? [[row.id, row.doc] as const] : [])));
    for (const change of changes) if (change.doc && !change.deleted) docs.set(change.id, change.doc);
    const opened = await openInParts(changes.map((change) => (batchable(change, docs.get(change.id)) ? docs.get(change.id) : undefined)));
    const changed = new Set<string>();
    let failed = false;
    const batch = { chats: [] as Chat[], messages: [] as Message[] };
    const applied = (result: { changed: readonly string[]; orphans: readonly Message[] }) => {
      for (const chatId of result.changed) changed.add(chatId);
      for (const message of result.orphans) holdOrphan(message);
    };
    /**
     * One row alone, after its slice's transaction failed: a row storage refuses on its own (the check
     * passed, IndexedDB did not) is skipped and named; a full or closed storage fails the change, and
     * the checkpoint stays before it.
     */
    const applyOne = async (rows: { chats: Chat[]; messages: Message[] }, id: string, chatId: string, title?: string) => {
      try {
        applied(await persistence.applySyncedRows({ ...rows, same }));
      } catch (error) {
        if (storageGone(error)) {
          storeFailures += 1;
          failed = true;
        } else skipBroken(id, chatId, title);
      }
    };
    const flush = async () => {
      if (batch.chats.length === 0 && batch.messages.length === 0) return;
      const { chats, messages } = batch;
      batch.chats = [];
      batch.messages = [];
      try {
        applied(await persistence.applySyncedRows({ chats, messages, same }));
      } catch (error) {
        // One row the check could not foresee aborts the whole transaction: the others go one by one (chats first, for their messages).
        if (storageGone(error)) {
          storeFailures += chats.length + messages.length;
          failed = true;
          return;
        }
        for (const chat of chats) await applyOne({ chats: [chat], messages: [] }, chatDocId(chat.id), chat.id, chat.title);
        for (const message of messages) await applyOne({ chats: [], messages: [message] }, messageDocId(message.chatId, message.id), message.chatId);
      }
    };
    for (const [index, change] of changes.entries()) {
      const doc = docs.get(change.id);
      if (!batchable(change, doc)) {
        await flush();
        const chatId = await applyChange(change.id, change.deleted, change.rev, doc).catch(() => {
          storeFailures += 1;
          failed = true;
        });
        if (chatId) changed.add(chatId);
        continue;
      }
      const place = parseDocId(change.id) as ChatPlace;
      if (ledger && !(await admit(change.id, place, false, opened[index]))) continue;
      const body = opened[index]?.body;
      const check = checkSyncedRow(place, body?.type === 'deleted' ? undefined : body);
      if (!check.ok) {
        skipBroken(change.id, place.chatId, titleOf(body?.type === 'deleted' ? undefined : body));
        continue;
      }
      skipped.remove(change.id);
      if (isKnown(change.id, body as DocBody)) continue;
      if (!change.fresh) remember(change.id, body as DocBody);
      if ('chat' in check) {
        batch.chats.push(check.chat);
        batch.messages.push(...(waiting.get(place.chatId) ?? []));
        waiting.delete(place.chatId);
        chatArrived(place.chatId);
      } else if (skipped.has(chatDocId(place.chatId))) {
        // Its chat is skipped as broken: the message waits with it, named, and comes back when a good chat does.
        skipped.add(change.id, { chatId: place.chatId, waitsForChat: true });
      } else {
        batch.messages.push(check.message);
      }
    }
    await flush();
    await nameBroken();
    // Read again from the replica, as any change the feed brought without its document.
    for (const id of reapply.splice(0)) inbox.receive(id, false, '', 0);
    return { changed: [...changed], failed };
  }

  /** Where the feed starts: past every change already in storage (a restart replays nothing it applied). */
  let checkpointRev: string | undefined;
  async function readCheckpoint(): Promise<number> {
    const doc = await local.get(BRIDGE_CHECKPOINT_ID).catch(() => undefined);
    checkpointRev = doc?._rev;
    return typeof doc?.seq === 'number' ? doc.seq : 0;
  }
  async function writeCheckpoint(seq: number): Promise<void> {
    // Messages waiting for their chat are in the replica only: the feed must bring them again after a restart.
    if (waiting.size > 0) return;
    // Another tab's bridge (no Web Locks) may have moved it: a lost write only means a replay.
    const result = await local.put({ _id: BRIDGE_CHECKPOINT_ID, ...(checkpointRev && { _rev: checkpointRev }), seq }).catch(() => undefined);
    checkpointRev = result?.rev ?? (await local.get(BRIDGE_CHECKPOINT_ID).catch(() => undefined))?._rev;
  }

  const inbox = createChangeInbox({
    apply: applySlice,
    schedule: (step) => void enqueue(step),
    announce,
    // What is not in storage: the status is not "synced" while there is any (sync-progress.ts).
    onProgress: onProgress && ((progress) => onProgress({ ...progress, unapplied: skipped.size + storeFailures })),
    afterSlice: async () => {
      await ledger?.flush();
      // Before the checkpoint moves past what it names.
      await skipped.save();
    },
    // Runs inside the slice's step of the queue.
    onDrained: writeCheckpoint,
  });
  let started = false;
  const openFeed = (since: number) => {
    feed = openReplicaFeed(local, since, (change) => inbox.receive(change.id, change.deleted === true, change.changes[0]?.rev ?? '', change.seq, change.doc));
  };

  return {
    exportChat: (chatId) => enqueue(() => writeChat(chatId)),
    exportAll: () =>
      enqueue(async () => {
        for (const chat of await persistence.listChats()) await writeChat(chat.id);
        for (const row of await persistence.listLibrary()) await libraryDocs.write(row.id, row);
      }),
    exportLibrary: (rowId) => enqueue(async () => libraryDocs.write(rowId, await libraryDocs.row(rowId))),
    start() {
      if (started) return;
      started = true;
      void enqueue(async () => {
        const since = await readCheckpoint();
        // Named again at every start, until a good revision applies.
        for (const doc of (await skipped.load()).values()) if (!doc.waitsForChat) brokenInSlice.set(doc.chatId, doc.title ?? brokenInSlice.get(doc.chatId));
        await nameBroken();
        if (!started) return;
        inbox.begin(since);
        if (!firstPull) openFeed(since);
      });
    },
    pulled(docs) {
      if (!started) return;
      if (!firstPull) return feed?.wake();
      for (const change of firstPull.take(docs)) inbox.receive(change.id, change.deleted, change.rev, 0, change.doc, change.fresh);
    },
    follow(seq) {
      if (!firstPull) return;
      // Its ids (every document of the account) are no longer needed.
      firstPull = undefined;
      void enqueue(async () => {
        if (!started || feed) return;
        const since = seq ?? (await readCheckpoint());
        if (seq === undefined) inbox.begin(since);
        else inbox.reach(seq);
        openFeed(since);
      });
    },
    stop() {
      started = false;
      feed?.cancel();
      feed = undefined;
      inbox.clear();
    },
    async fetchAttachment(remote, chatId, attachmentId) {
      const [stored] = await persistence.getAttachments([attachmentId]);
      if (stored) return stored;
      const id = attachmentDocId(chatId, attachmentId);
      const doc = await remote.get(id, { attachments: true, binary: true, revs: true }).then(withBase64Data, () => undefined);
      const body = doc && !doc._deleted ? await codec.decode(doc) : undefined;
      if (!doc || body?.type !== 'att' || body.attachment.id !== attachmentId) return undefined;
      const row = joinAttachment(body.attachment, await codec.decodeBytes(doc, body.attachment.mimeType));
      // One step with the exports: one reading the replica between these two writes would write the document again.
      return enqueue(async () => {
        const [again] = await persistence.getAttachments([attachmentId]);
        if (again) return again;
        await persistence.putAttachment(row);
        remember(id, body);
        await bulkWrite([doc], { new_edits: false });
        return row;
      });
    },
    localWrites: () => writes,
    idle: async () => {
      let seen: Promise<unknown>;
      do {
        seen = queue;
        await seen;
      } while (seen !== queue);
    },
  };
}
