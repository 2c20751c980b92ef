/** The documents from the server the bridge skipped (broken, or refused by storage), kept in the replica so a restart still names them. */
import type { PouchDatabase } from 'pouchdb-core';

/**
 * A skipped document is not retried: the bridge's checkpoint moves past it, so a restart does not
 * replay its slice for ever (issue 32). It stays named instead: this list lives in the replica
 * (never replicated) and is told again at every start, until a later revision of the document
 * applies or it is deleted. Until then the status is not "synced" (docs/sync.md).
 */

/** In the replica, never replicated (as the bridge's checkpoint). */
export const SKIPPED_DOCS_ID = '_local/parley-skipped';

export interface SkippedDoc {
  /** The chat the document belongs to (its own id for a chat's document). */
  chatId: string;
  /** A broken chat row's own title, when it had one: the chat is not stored here, so nothing else names it. */
  title?: string;
  /** A good message whose chat was skipped: applied again when a good revision of the chat arrives. */
  waitsForChat?: true;
}

export interface SkippedDocs {
  /** Reads the list (at start); resolves with it, by document id. */
  load(): Promise<ReadonlyMap<string, SkippedDoc>>;
  add(id: string, doc: SkippedDoc): void;
  /** The document applied (a later revision) or was deleted: no longer skipped. */
  remove(id: string): void;
  has(id: string): boolean;
  /** The good messages skipped because their chat was: applied once it is. */
  waitingFor(chatId: string): string[];
  readonly size: number;
  /** Writes the list when it changed (after each slice, before the checkpoint moves past what it names). */
  save(): Promise<void>;
}

export function createSkippedDocs(local: PouchDatabase): SkippedDocs {
  const docs = new Map<string, SkippedDoc>();
  let rev: string | undefined;
  let dirty = false;
  return {
    async load() {
      const stored = await local.get(SKIPPED_DOCS_ID).catch(() => undefined);
      rev = stored?._rev;
      const listed = stored?.docs;
      if (listed && typeof listed === 'object') {
        for (const [id, doc] of Object.entries(listed as Record<string, SkippedDoc>)) if (typeof doc?.chatId === 'string') docs.set(id, doc);
      }
      return docs;
    },
    add(id, doc) {
      docs.set(id, doc);
      dirty = true;
    },
    remove(id) {
      if (docs.delete(id)) dirty = true;
    },
    has: (id) => docs.has(id),
    waitingFor: (chatId) => [...docs].filter(([, doc]) => doc.waitsForChat && doc.chatId === chatId).map(([id]) => id),
    get size() {
      return docs.size;
    },
    async save() {
      if (!dirty) return;
      dirty = false;
      // Another tab's bridge (no Web Locks) may have written it: a lost write only loses a name, never a row.
      const result = await local.put({ _id: SKIPPED_DOCS_ID, ...(rev && { _rev: rev }), docs: Object.fromEntries(docs) }).catch(() => undefined);
      if (!result) dirty = true;
      rev = result?.rev ?? (await local.get(SKIPPED_DOCS_ID).catch(() => undefined))?._rev;
    },
  };
}
