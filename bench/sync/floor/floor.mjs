// bench:sync's floor pages (issue 25): what a first sync costs with no Parley around it, in the
// same Chromium against the same server. Bundled by bench/sync/run.mjs with esbuild (the same
// PouchDB 9 modules as the app), driven through window.floor.
import PouchDB from 'pouchdb-core';
import idbAdapter from 'pouchdb-adapter-idb';
import httpAdapter from 'pouchdb-adapter-http';
import replication from 'pouchdb-replication';

PouchDB.plugin(idbAdapter).plugin(httpAdapter).plugin(replication);

/** The `_changes` floor's page: as many documents as the tuned pull's batch. */
const CHANGES_PAGE = 1000;

const basic = ({ user, password }) => `Basic ${btoa(`${user}:${password}`)}`;

/** PouchDB's own pull into an IndexedDB replica, with `options` (defaults, or tuned batches). */
async function pouchPull({ url, db, user, password, options }) {
  const remote = new PouchDB(`${url}/${db}`, { skip_setup: true, fetch: (input, init = {}) => fetch(input, { ...init, headers: { ...Object.fromEntries(new Headers(init.headers)), authorization: basic({ user, password }) } }) });
  const local = new PouchDB('floor-replica', { adapter: 'idb' });
  const result = await local.replicate.from(remote, options);
  return { docs: result.docs_written };
}

/** The least a client can do: `_changes?include_docs` pages, each page's documents written in one IndexedDB transaction. */
async function changesPages({ url, db, user, password }) {
  const idb = await new Promise((resolve, reject) => {
    const request = indexedDB.open('floor-changes', 1);
    request.onupgradeneeded = () => request.result.createObjectStore('docs', { keyPath: '_id' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  let since = 0;
  let docs = 0;
  for (;;) {
    const response = await fetch(`${url}/${db}/_changes?include_docs=true&limit=${CHANGES_PAGE}&since=${encodeURIComponent(since)}`, { headers: { authorization: basic({ user, password }) } });
    const page = await response.json();
    await new Promise((resolve, reject) => {
      const tx = idb.transaction('docs', 'readwrite');
      for (const row of page.results) if (row.doc) tx.objectStore('docs').put(row.doc);
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
    });
    docs += page.results.length;
    since = page.last_seq;
    if (page.results.length < CHANGES_PAGE) return { docs };
  }
}

window.floor = { pouchPull, changesPages };
