/**
 * The narrow part of PouchDB 9 that sync uses: the packages ship no types, and @types/pouchdb
 * trails the releases. Only what src/chat/sync calls is declared.
 */
declare module 'pouchdb-core' {
  export interface PouchDoc {
    _id: string;
    _rev?: string;
    _deleted?: boolean;
    _conflicts?: string[];
    _attachments?: Record<string, { content_type: string; data?: string | Blob | Uint8Array; stub?: boolean; digest?: string; length?: number }>;
    [field: string]: unknown;
  }
  export interface PouchResult {
    ok?: boolean;
    id: string;
    rev?: string;
    error?: boolean | string;
    status?: number;
  }
  export interface PouchChange {
    id: string;
    seq: number | string;
    deleted?: boolean;
    doc?: PouchDoc;
    changes: { rev: string }[];
  }
  /** A changes request: events as they come, and (not live) the whole answer as a promise. */
  export interface PouchChanges extends PromiseLike<{ results: PouchChange[]; last_seq: number | string }> {
    on(event: 'change', listener: (change: PouchChange) => void): PouchChanges;
    on(event: 'error', listener: (error: unknown) => void): PouchChanges;
    on(event: 'complete', listener: (info: unknown) => void): PouchChanges;
    cancel(): void;
  }
  export interface PouchSyncInfo {
    direction?: 'push' | 'pull';
    change?: { pending?: number; docs_written?: number };
  }
  export interface PouchSync {
    on(event: 'change', listener: (info: PouchSyncInfo) => void): PouchSync;
    on(event: 'paused', listener: (error?: unknown) => void): PouchSync;
    on(event: 'active' | 'complete', listener: () => void): PouchSync;
    on(event: 'denied' | 'error', listener: (error: unknown) => void): PouchSync;
    cancel(): void;
    readonly push: PouchReplication;
    readonly pull: PouchReplication;
  }
  export interface PouchReplication {
    on(event: 'paused', listener: (error?: unknown) => void): PouchReplication;
    on(event: 'active' | 'complete', listener: () => void): PouchReplication;
    on(event: 'change', listener: (info: { pending?: number; docs_written?: number; docs?: PouchDoc[] }) => void): PouchReplication;
    on(event: 'denied' | 'error', listener: (error: unknown) => void): PouchReplication;
    cancel(): void;
  }
  export interface ReplicationOptions {
    live?: boolean;
    retry?: boolean;
    back_off_function?: (delay: number) => number;
    /** Changes read per request (`_changes` limit, one `_bulk_get`, one write to the target). */
    batch_size?: number;
    /** Batches fetched ahead while earlier ones are written. */
    batches_limit?: number;
    /** A Mango selector the source applies to its changes feed (CouchDB's `filter=_selector`). */
    selector?: Record<string, unknown>;
    /** Start after this sequence of the source (its checkpoint is written there). */
    since?: number | string;
  }
  export interface PouchDatabase {
    readonly name: string;
    info(): Promise<{ doc_count: number; update_seq: number | string }>;
    get(id: string, options?: { rev?: string; conflicts?: boolean; attachments?: boolean; binary?: boolean; revs?: boolean }): Promise<PouchDoc>;
    put(doc: PouchDoc): Promise<PouchResult>;
    /** `new_edits: false` stores the revisions as given (a copy of another database's document), as replication does. */
    bulkDocs(docs: PouchDoc[], options?: { new_edits?: boolean }): Promise<PouchResult[]>;
    allDocs(options: { startkey?: string; endkey?: string; include_docs?: boolean; conflicts?: boolean; keys?: string[] }): Promise<{
      rows: { id: string; value: { rev: string; deleted?: boolean }; doc?: PouchDoc | null }[];
    }>;
    changes(options: { since?: number | string | 'now'; live?: boolean; include_docs?: boolean; conflicts?: boolean; limit?: number }): PouchChanges;
    readonly replicate: {
      from(source: PouchDatabase, options: ReplicationOptions): PouchReplication;
      to(target: PouchDatabase, options: ReplicationOptions): PouchReplication;
    };
    sync(
      remote: PouchDatabase,
      options: {
        live?: boolean;
        retry?: boolean;
        back_off_function?: (delay: number) => number;
        /** One direction's own options; `filter` runs on each changed document (on this side for a remote source). */
        pull?: { filter?: (doc: PouchDoc) => boolean };
        push?: { filter?: (doc: PouchDoc) => boolean };
      },
    ): PouchSync;
    destroy(): Promise<unknown>;
    close(): Promise<unknown>;
  }
  export interface PouchOptions {
    adapter?: string;
    skip_setup?: boolean;
    fetch?: (url: string | URL, init?: RequestInit) => Promise<Response>;
    auth?: { username: string; password: string };
  }
  interface PouchStatic {
    new (name: string, options?: PouchOptions): PouchDatabase;
    plugin(plugin: unknown): PouchStatic;
  }
  const PouchDB: PouchStatic;
  export default PouchDB;
}
declare module 'pouchdb-adapter-idb' {
  const plugin: unknown;
  export default plugin;
}
declare module 'pouchdb-adapter-http' {
  const plugin: unknown;
  export default plugin;
}
declare module 'pouchdb-replication' {
  const plugin: unknown;
  export default plugin;
}
declare module 'pouchdb-adapter-memory' {
  const plugin: unknown;
  export default plugin;
}
