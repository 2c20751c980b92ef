/**
 * The pull, where the worker runs it: CouchDB → this device's replica, live, retrying. Parsing
 * each 1,000-document `_bulk_get` and preparing its write to IndexedDB took PouchDB up to 200 ms
 * at a time on the page (bench:sync); here it takes none of the page's time. Apart from
 * pull-worker.ts so a test can run it beside an in-memory replica.
 */
import type { PouchDatabase, PouchReplication } from 'pouchdb-core';
import PouchDB from './pouchdb-with-replication';
import type { PageToPull, PullEvent, PullStart } from './pull-protocol';
import { DOCS_PER_MESSAGE, toWireError } from './pull-protocol';
import { authorisedFetch } from './remote-access';
import { pullOptions } from './replication-options';

export interface PullHostOptions {
  /** Opens the replica the page has opened (IndexedDB in the worker; a test's memory database). */
  openReplica(name: string): Promise<PouchDatabase>;
  post(event: PullEvent): void;
  fetch?: typeof fetch;
}

export interface PullHost {
  receive(message: PageToPull): void;
}

export function createPullHost({ openReplica, post, fetch: base = globalThis.fetch.bind(globalThis) }: PullHostOptions): PullHost {
  let pull: PouchReplication | undefined;
  let started = false;
  let cancelled = false;

  async function start(message: PullStart): Promise<void> {
    const local = await openReplica(message.replica);
    const remote = new PouchDB(message.dbUrl, { fetch: authorisedFetch(message.serverUrl, message.auth, base), skip_setup: true });
    if (cancelled) return post({ type: 'complete' });
    pull = local.replicate
      .from(remote, pullOptions(message.feed))
      .on('active', () => post({ type: 'active' }))
      .on('change', (info) => {
        const docs = info.docs ?? [];
        let from = 0;
        for (; from + DOCS_PER_MESSAGE < docs.length; from += DOCS_PER_MESSAGE) post({ type: 'docs', docs: docs.slice(from, from + DOCS_PER_MESSAGE) });
        post({ type: 'change', docs: docs.slice(from), ...(info.pending !== undefined && { pending: info.pending }) });
      })
      .on('paused', (error) => post(error ? { type: 'paused', error: toWireError(error) } : { type: 'paused' }))
      .on('error', (error) => post({ type: 'error', error: toWireError(error) }))
      .on('complete', () => {
        post({ type: 'complete' });
        // The worker is ended after this: its connections close with it.
        void remote.close().catch(() => undefined);
      });
  }

  return {
    receive(message) {
      if (message.type === 'start') {
        if (started) return;
        started = true;
        void start(message).catch((error: unknown) => {
          post({ type: 'error', error: toWireError(error) });
          post({ type: 'complete' });
        });
      } else {
        cancelled = true;
        if (pull) pull.cancel();
        // Cancelled before it began: nothing will complete by itself.
        else if (!started) post({ type: 'complete' });
      }
    },
  };
}
