import type { PouchDatabase } from 'pouchdb-core';
import type { DocVersion } from './doc-codec';
import { parseDocId } from './sync-docs';

/**
 * The highest version of each document this device has accepted or written (encrypted sync): what
 * the bridge compares an arriving revision with, so a server replaying an older ciphertext cannot
 * roll this device back. Kept in the replica as one `_local` document per chat (never replicated;
 * "Forget this server" destroys it with the replica): a slice of changes costs one read and one
 * write per chat it touches, not per document. The library's rows share one such document.
 */

export interface LedgerEntry extends DocVersion {
  /** The version is a signed deletion. */
  deleted?: true;
  /** For a deletion: the live version it followed, the oldest a change surviving it may be. */
  live?: DocVersion;
}

export interface VersionLedger {
  get(docId: string): Promise<LedgerEntry | undefined>;
  /** Kept in memory until the next flush. */
  set(docId: string, entry: LedgerEntry): Promise<void>;
  /** Writes what changed since the last flush. */
  flush(): Promise<void>;
}

type Versions = Record<string, LedgerEntry>;
interface ChatEntries {
  rev?: string;
  versions: Versions;
  dirty: boolean;
}

/** The `_local` document holding `docId`'s version: its chat's, or the library's. */
function ledgerDocOf(docId: string): string | undefined {
  const place = parseDocId(docId);
  if (!place) return undefined;
  return place.kind === 'lib' ? '_local/parley-library-versions' : `_local/parley-versions:${place.chatId}`;
}
/** A first sync touches every chat: past this many cached, a flush drops the cache (each is read again when needed). */
const MAX_CACHED_CHATS = 500;
/** Another tab's write in between (same replica): read it, merge, try again. */
const WRITE_ATTEMPTS = 3;
const HTTP_CONFLICT = 409;

/** The later of two entries: the ledger only moves forward, whichever tab wrote it. */
const later = (a: LedgerEntry | undefined, b: LedgerEntry): LedgerEntry => (!a || a.at < b.at || (a.at === b.at && a.tie < b.tie) ? b : a);

/**
 * `fresh`: nothing was ever written to the replica (its update_seq was 0 when sync started), so
 * no ledger document exists but those this ledger writes: one not written yet is known empty
 * without a read (a first sync would read one per chat for nothing).
 */
export function createVersionLedger(local: PouchDatabase, { fresh = false }: { fresh?: boolean } = {}): VersionLedger {
  const chats = new Map<string, ChatEntries>();
  /** Fresh: the ledger documents written so far (the only ones there are). */
  const written = new Set<string>();

  async function read(ledgerId: string): Promise<{ rev?: string; versions: Versions }> {
    if (fresh && !written.has(ledgerId)) return { versions: {} };
    try {
      const doc = await local.get(ledgerId);
      return { rev: doc._rev, versions: (doc.versions ?? {}) as Versions };
    } catch {
      return { versions: {} };
    }
  }

  async function entriesOf(docId: string): Promise<ChatEntries | undefined> {
    const ledgerId = ledgerDocOf(docId);
    if (!ledgerId) return undefined;
    let entries = chats.get(ledgerId);
    if (!entries) {
      entries = { ...(await read(ledgerId)), dirty: false };
      // Another step may have loaded it while this one waited.
      entries = chats.get(ledgerId) ?? entries;
      chats.set(ledgerId, entries);
    }
    return entries;
  }

  async function write(ledgerId: string, entries: ChatEntries): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const result = await local.put({ _id: ledgerId, ...(entries.rev ? { _rev: entries.rev } : {}), versions: entries.versions });
        entries.rev = result.rev;
        entries.dirty = false;
        written.add(ledgerId);
        return;
      } catch (error) {
        if ((error as { status?: number }).status !== HTTP_CONFLICT || attempt === WRITE_ATTEMPTS) throw error;
        const stored = await read(ledgerId);
        for (const [docId, entry] of Object.entries(stored.versions)) entries.versions[docId] = later(entries.versions[docId], entry);
        entries.rev = stored.rev;
      }
    }
  }

  return {
    async get(docId) {
      return (await entriesOf(docId))?.versions[docId];
    },
    async set(docId, entry) {
      const entries = await entriesOf(docId);
      if (!entries) return;
      entries.versions[docId] = entry;
      entries.dirty = true;
    },
    async flush() {
      // Every changed document in one write (one transaction for a slice); one another tab moved meanwhile is merged and written again.
      const dirty = [...chats].filter(([, entries]) => entries.dirty);
      if (dirty.length > 0) {
        const results = await local.bulkDocs(dirty.map(([ledgerId, entries]) => ({ _id: ledgerId, ...(entries.rev ? { _rev: entries.rev } : {}), versions: entries.versions })));
        for (const [index, [ledgerId, entries]] of dirty.entries()) {
          const result = results[index];
          if (result?.ok && !result.error) {
            entries.rev = result.rev;
            entries.dirty = false;
            written.add(ledgerId);
          } else await write(ledgerId, entries);
        }
      }
      if (chats.size > MAX_CACHED_CHATS) chats.clear();
    },
  };
}
