/**
 * PouchDB with its HTTP adapter and replication, registered once: the page's engine
 * (sync-controller.ts) and the pull worker (pull-host.ts) both use it, and a plugin registered
 * twice on one PouchDB throws.
 */
import PouchDB from 'pouchdb-core';
import httpAdapter from 'pouchdb-adapter-http';
import replication from 'pouchdb-replication';

PouchDB.plugin(httpAdapter).plugin(replication);

export default PouchDB;
