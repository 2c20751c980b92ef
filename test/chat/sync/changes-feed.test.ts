// @vitest-environment node
// Which changes feed a server gives (issue 32, finding 3): read from its welcome, never by asking
// PouchDB Server for `filter=_selector` (it answers 404, then its process dies); Test tells it.
import { afterEach, describe, expect, it } from 'vitest';
import { createChatStore } from '../../../src/chat';
import { createMemoryPersistence } from '../../../src/chat/persistence/memory-persistence';
import { feedOfWelcome, readChangesFeed } from '../../../src/chat/sync/changes-feed';
import { createSyncService } from '../../../src/chat/sync/sync-service';
import { startCouchServer, type CouchServer } from '../../support/couch-server/index.mjs';

let couch: CouchServer | undefined;
afterEach(async () => {
  await couch?.close();
  couch = undefined;
});

describe('the changes feed a server gives', () => {
  it.each([
    ['CouchDB 3', { couchdb: 'Welcome', version: '3.3.3', vendor: { name: 'The Apache Software Foundation' } }, 'selector'],
    ['CouchDB 2', { couchdb: 'Welcome', version: '2.3.1' }, 'selector'],
    ['IBM Cloudant', { couchdb: 'Welcome', version: '2.1.1', vendor: { name: 'IBM Cloudant' } }, 'selector'],
    ['CouchDB 1', { couchdb: 'Welcome', version: '1.7.2' }, 'unfiltered'],
    ['Couchbase Sync Gateway', { couchdb: 'Welcome', version: 'Couchbase Sync Gateway/3.1.0', vendor: { name: 'Couchbase Sync Gateway' } }, 'unfiltered'],
    ['PouchDB Server', { 'express-pouchdb': 'Welcome!', version: '4.2.0', vendor: { name: 'PouchDB authors', version: '4.2.0' } }, 'unfiltered'],
    ['a root that does not answer (a proxy serving only the database)', undefined, 'selector'],
  ])('%s', (_name, welcome, feed) => {
    expect(feedOfWelcome(welcome)).toBe(feed);
  });

  it('is read from each test server, and PouchDB Server is never asked for a filter it cannot give', async () => {
    couch = await startCouchServer({ flavour: 'pouchdb-server' });
    expect(await readChangesFeed(couch.url, (url, init) => fetch(url, init))).toBe('unfiltered');
    await couch.close();
    couch = await startCouchServer();
    expect(await readChangesFeed(couch.url, (url, init) => fetch(url, init))).toBe('selector');
  });

  it('the PouchDB Server flavour answers `filter=_selector` as PouchDB Server 4.2 does: 404, then nothing', async () => {
    couch = await startCouchServer({ flavour: 'pouchdb-server' });
    await fetch(`${couch.url}/parley`, { method: 'PUT' });
    const refused = await fetch(`${couch.url}/parley/_changes?filter=_selector`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"selector":{}}' });
    expect([refused.status, await refused.json()]).toEqual([404, { error: 'not_found', reason: 'missing' }]);
    await expect(fetch(`${couch.url}/parley`)).rejects.toThrow();
  });

  it('Test says which feed the server gives, and leaves PouchDB Server running', async () => {
    const store = createChatStore({ persistence: createMemoryPersistence(), broadcast: null, untitledTitle: 'Untitled' });
    const service = createSyncService({ store, announce: () => {} });
    try {
      for (const flavour of ['pouchdb-server', 'couchdb'] as const) {
        couch = await startCouchServer({ auth: 'basic', user: 'ada', password: 'secret', flavour });
        const config = { url: couch.url, db: 'parley', auth: { kind: 'basic', username: 'ada', password: 'secret' } } as const;
        expect(await service.test(config)).toEqual({ ok: true, feed: flavour === 'couchdb' ? 'selector' : 'unfiltered' });
        expect((await fetch(`${couch.url}/parley`, { headers: { Authorization: `Basic ${btoa('ada:secret')}` } })).status).toBe(200);
        await couch.close();
      }
    } finally {
      store.dispose();
    }
  });
});
