/**
 * The pull worker's entry (built by build.mjs as its own bundle): runs the pull into the replica
 * off the page's thread (pull-host.ts), and says when its code has loaded.
 */
import PouchDB from 'pouchdb-core';
import idbAdapter from 'pouchdb-adapter-idb';
import { createPullHost } from './pull-host';
import type { PageToPull, PullEvent } from './pull-protocol';

PouchDB.plugin(idbAdapter);

const scope = self as unknown as { postMessage(event: PullEvent): void; onmessage: ((event: MessageEvent<PageToPull>) => void) | null };
const host = createPullHost({
  openReplica: async (name) => new PouchDB(name, { adapter: 'idb' }),
  post: (event) => scope.postMessage(event),
});
scope.onmessage = (event) => host.receive(event.data);
scope.postMessage({ type: 'ready' });
