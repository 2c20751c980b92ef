/**
 * The bridge's library half (issue 23): a library row out as its `lib:<id>` document, and one from
 * another device in, through the library store's sink. The chats' half and the queue both halves
 * run on are sync-bridge.ts's; this half writes with the bridge's own memory of what it wrote.
 */
import type { PouchDatabase, PouchDoc } from 'pouchdb-core';
import type { ChatPersistence } from '../persistence';
import type { LibraryChange } from '../library';
import { readLibraryRecord } from '../shapes/library-record';
import type { LibraryRecord } from '../types';
import type { DocCodec } from './doc-codec';
import { libraryDocId, stableJson, type DocBody, type LibraryPlace } from './sync-docs';
import type { SyncRefusal } from './sync-refusal';

/** The library store's way in for sync: a row or a deletion from another device, written without being pushed back. */
export interface LibrarySink {
  applyRemote(change: LibraryChange): Promise<void>;
}

/** What the library half uses of the bridge: its options, and its memory of what it wrote or applied. */
export interface LibraryBridgeHost {
  persistence: ChatPersistence;
  local: PouchDatabase;
  codec: DocCodec;
  now(): number;
  onRefused?(refusal: SyncRefusal): void;
  /** Where a library row from another device goes; by default straight into storage. */
  library?: LibrarySink;
  /** The content last written or applied for a document is no longer known. */
  forget(id: string): void;
  /** The content of `body` is what this device last wrote or applied for the document. */
  remember(id: string, body: DocBody): void;
  /** The document for `body` on top of `existing`, or nothing when the stored one already says it. */
  docFor(id: string, body: DocBody, existing: { rev: string; doc?: PouchDoc | null; deleted?: boolean } | undefined): Promise<PouchDoc | undefined>;
  /** The version a new revision of `id` is written at (encrypted: past every version of it seen). */
  nextVersion(id: string, at: number, existing?: PouchDoc | null): Promise<number>;
  /** Writes the documents to the replica, and what was written into the version ledger. */
  write(docs: PouchDoc[]): Promise<void>;
}

export interface LibraryBridge {
  /** The row as storage holds it here. */
  row(rowId: string): Promise<LibraryRecord | undefined>;
  /** One library row out (`stored` undefined: the row is gone here). */
  write(rowId: string, stored: LibraryRecord | undefined): Promise<void>;
  /** A live `lib:` document from another device, opened. */
  apply(id: string, place: LibraryPlace, body: DocBody | undefined): Promise<void>;
  /** A `lib:` document deleted elsewhere. */
  applyDeletion(id: string, place: LibraryPlace): Promise<void>;
}

/**
 * Which of two versions of a library row wins (docs/sync.md, "Library rows"): the later
 * `updatedAt`, and on a tie the one whose JSON (keys sorted) sorts last, the same on every device.
 */
export function newerLibraryRow(a: LibraryRecord, b: LibraryRecord): LibraryRecord {
  if (a.updatedAt !== b.updatedAt) return a.updatedAt > b.updatedAt ? a : b;
  return stableJson(a) >= stableJson(b) ? a : b;
}

/** A starter prompt as Parley added it (never edited: the library store stamps each edit later than its creation). */
const isUntouchedStarter = (row: LibraryRecord) => row.kind === 'prompt' && row.starter === true && row.updatedAt === row.createdAt;

export function createLibraryBridge({ persistence, local, codec, now, onRefused, library, forget, remember, docFor, nextVersion, write }: LibraryBridgeHost): LibraryBridge {
  const sink: LibrarySink = library ?? {
    applyRemote: async (change) => void ('deleted' in change ? await persistence.deleteLibrary(change.id) : await persistence.putLibrary(change.record)),
  };

  /**
   * One library row out: its document written when it changed (its body's version its
   * `updatedAt`), or tombstoned when the row is gone. Only what readLibraryRecord keeps travels: a
   * field the row should not hold (an API key, say) never leaves the device.
   */
  async function writeLibrary(rowId: string, stored: LibraryRecord | undefined): Promise<void> {
    const id = libraryDocId(rowId);
    const [row] = (await local.allDocs({ keys: [id], include_docs: true })).rows;
    const existing = row?.value ? { rev: row.value.rev, deleted: row.value.deleted, doc: row.doc } : undefined;
    let doc: PouchDoc | undefined;
    if (!stored) {
      forget(id);
      if (existing?.deleted) return;
      // A row never sent (an untouched starter prompt) is deleted on the server too: a tombstone of its own.
      doc = { _id: id, ...(existing && { _rev: existing.rev }), _deleted: true, ...(await codec.encodeDeletion(id, await nextVersion(id, now(), existing?.doc))) };
    } else {
      const check = readLibraryRecord(stored);
      // A row this version cannot read stays on this device: it is not sent for others to skip, and it is said.
      if (!check.ok) return void onRefused?.({ kind: 'not-sent', chatId: id, title: 'name' in stored && stored.name.trim() ? stored.name : rowId });
      // Each device adds the starter prompts itself: one untouched is not sent, so a device joining
      // later cannot bring back a starter deleted elsewhere (CouchDB prefers a live revision to a deletion).
      if (isUntouchedStarter(check.record) && (!existing || existing.deleted)) return;
      doc = await docFor(id, { type: 'lib', changedAt: check.record.updatedAt, record: check.record }, existing);
    }
    if (doc) await write([doc]);
  }

  const libraryRow = async (rowId: string) => (await persistence.listLibrary()).find((row) => row.id === rowId);

  /**
   * A library row from another device: read as a row first (a broken or unknown one is skipped
   * and named), then the newer of it and the row here wins (newerLibraryRow). When the one here
   * wins, it is written again on top, so every device ends with it.
   */
  async function applyLibrary(id: string, place: LibraryPlace, body: DocBody | undefined): Promise<void> {
    const check = body?.type === 'lib' ? readLibraryRecord(body.record) : undefined;
    if (!check?.ok || check.record.id !== place.rowId) {
      forget(id);
      const name = check && !check.ok ? check.name : undefined;
      onRefused?.({ kind: 'broken', chatId: id, title: name?.trim() ? name : place.rowId });
      return;
    }
    const remote = check.record;
    const here = await libraryRow(place.rowId);
    if (here && stableJson(here) === stableJson(remote)) return void remember(id, body!);
    if (here && newerLibraryRow(here, remote) === here) {
      // What this device last wrote may equal `here`: forgotten, so the write on top of the remote's revision happens.
      forget(id);
      return writeLibrary(place.rowId, here);
    }
    remember(id, body!);
    await sink.applyRemote({ id: remote.id, record: remote });
  }

  return {
    row: libraryRow,
    write: writeLibrary,
    apply: applyLibrary,
    async applyDeletion(id, place) {
      forget(id);
      // Whether this device holds the row: a deletion of something gone here is no news.
      if ((await libraryRow(place.rowId)) !== undefined) await sink.applyRemote({ id: place.rowId, deleted: true, at: now() });
    },
  };
}
