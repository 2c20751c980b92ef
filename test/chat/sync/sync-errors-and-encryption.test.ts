// @vitest-environment node
// Why sync can't start (each reason code), and end-to-end encryption against the real test server.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer } from '../../../src/server/static-server.mjs';
import { startOpenAiServer } from '../../support/openai-server/index.mjs';
import { startCouchServer, type CouchServer, type CouchServerOptions } from '../../support/couch-server/index.mjs';
import { chat, device, eventually, message, type Device } from './two-devices';

let couch: CouchServer;
const devices: Device[] = [];
const serve = async (options?: CouchServerOptions) => (couch = await startCouchServer(options));
const join = async (options: Partial<Parameters<typeof device>[0]> = {}) => {
  const one = await device({ url: couch.url, db: 'parley', auth: { kind: 'none' }, ...options });
  devices.push(one);
  return one;
};
afterEach(async () => {
  for (const one of devices.splice(0)) await one.handle.stop();
  await couch?.close();
});

describe('sync errors', () => {
  it('a wrong password (basic or session) is "unauthorized"; the right one syncs', async () => {
    await serve({ auth: 'basic', user: 'ann', password: 'secret' });
    expect((await join({ auth: { kind: 'basic', username: 'ann', password: 'nope' } })).statuses.at(-1)).toEqual({ state: 'error', reason: 'unauthorized' });
    couch.settings.auth = 'session';
    expect((await join({ auth: { kind: 'session', username: 'ann', password: 'nope' } })).statuses.at(-1)).toEqual({ state: 'error', reason: 'unauthorized' });
    const ok = await join({ auth: { kind: 'session', username: 'ann', password: 'secret' } });
    await eventually(() => expect(ok.statuses.at(-1)).toEqual({ state: 'synced' }));
  });

  it('a missing database without the right to create it is "db-missing-no-create"', async () => {
    await serve({ allowCreate: false });
    expect((await join()).statuses.at(-1)).toEqual({ state: 'error', reason: 'db-missing-no-create' });
  });

  it('no server at the address is "network"', async () => {
    await serve();
    await couch.stop();
    expect((await join()).statuses.at(-1)).toEqual({ state: 'error', reason: 'network' });
  });

  it('an address that answers, but not as CouchDB (a model server, a web page), is "not-couchdb"', async () => {
    await serve();
    const model = await startOpenAiServer({ models: ['m'] });
    const pages = await mkdtemp(path.join(tmpdir(), 'parley-not-couch-'));
    await writeFile(path.join(pages, 'index.html'), '<!doctype html><title>A web app</title>');
    const site = await startServer({ dir: pages, port: 0 });
    try {
      for (const url of [model.url, site.url.replace(/\/$/, '')]) {
        expect((await join({ url })).statuses.at(-1), url).toEqual({ state: 'error', reason: 'not-couchdb' });
      }
      // CouchDB itself, at its root, still passes.
      const ok = await join();
      await eventually(() => expect(ok.statuses.at(-1)).toEqual({ state: 'synced' }));
    } finally {
      await model.close();
      await site.close();
      await rm(pages, { recursive: true, force: true });
    }
  }, 30_000);
});

describe('end-to-end encryption', () => {
  it('the server stores no plain text, a second device with the passphrase reads everything', async () => {
    await serve();
    const a = await join({ passphrase: 'correct horse battery staple' });
    const b = await join({ passphrase: 'correct horse battery staple' });
    const c = chat({ title: 'Secret plans' });
    await a.persistence.createChat(c, [message(c.id, { content: 'The treasure is under the old oak tree.' })]);
    await a.handle.exportChat(c.id);
    await eventually(async () => expect((await b.persistence.listMessages(c.id)).map((m) => m.content)).toEqual(['The treasure is under the old oak tree.']));
    const raw = JSON.stringify(await couch.rawDocs('parley'));
    expect(raw).toContain(`msg:${c.id}:`);
    expect(raw).not.toContain('treasure');
    expect(raw).not.toContain('Secret plans');
    expect(raw).toContain('"iterations":600000');
  }, 30_000);

  it('a wrong passphrase says so and syncs nothing; no passphrase on an encrypted database is asked for', async () => {
    await serve();
    const a = await join({ passphrase: 'right one' });
    const c = chat({ title: 'Hidden' });
    await a.persistence.createChat(c, []);
    await a.handle.exportChat(c.id);
    await eventually(async () => expect(JSON.stringify(await couch.rawDocs('parley'))).toContain(`chat:${c.id}`));
    const wrong = await join({ passphrase: 'wrong one' });
    expect(wrong.statuses.at(-1)).toEqual({ state: 'error', reason: 'wrong-passphrase' });
    const none = await join();
    expect(none.statuses.at(-1)).toEqual({ state: 'error', reason: 'passphrase-required' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await wrong.persistence.listChats()).toEqual([]);
    expect(await none.persistence.listChats()).toEqual([]);
  }, 30_000);
});
