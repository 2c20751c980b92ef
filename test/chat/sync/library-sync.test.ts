// @vitest-environment node
// Issue 23: the user's library syncs between two devices through the real CouchDB-protocol test
// server, plain and encrypted: rows made on A appear on B, the newer edit wins, a deletion travels,
// a broken document is skipped and named, and nothing but the row's own fields ever leaves.
import { afterEach, describe, expect, it } from 'vitest';
import { startCouchServer, type CouchServer, type RawCouchDoc } from '../../support/couch-server/index.mjs';
import { newerLibraryRow } from '../../../src/chat/sync-bridge/library-bridge';
import { starterPrompts } from '../../../src/chat/library';
import { voteRecord } from '../../../src/chat/compare';
import type { LibraryProject, LibraryPrompt, LibraryRecord } from '../../../src/chat/types';
import { device, eventually, type Device } from './two-devices';

const PASSPHRASE = 'seven lanterns over the harbour';
let couch: CouchServer;
const devices: Device[] = [];
afterEach(async () => {
  for (const one of devices.splice(0)) await one.handle.stop();
  await couch?.close();
});

async function pair(passphrase?: string): Promise<[Device, Device]> {
  couch = await startCouchServer();
  for (let i = 0; i < 2; i += 1) devices.push(await device({ url: couch.url, db: 'parley', auth: { kind: 'none' }, ...(passphrase && { passphrase }) }));
  return devices as [Device, Device];
}

const rowOn = async (one: Device, id: string) => (await one.persistence.listLibrary()).find((row) => row.id === id);

async function serverDocs(): Promise<RawCouchDoc[]> {
  const response = await fetch(`${couch.url}/parley/_all_docs?include_docs=true`);
  return ((await response.json()) as { rows: { doc: RawCouchDoc }[] }).rows.map((row) => row.doc);
}

async function putRaw(id: string, fields: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${couch.url}/parley/${encodeURIComponent(id)}`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ...fields, _id: id }) });
  expect(response.status).toBe(201);
}

describe.each([
  ['plain', undefined],
  ['encrypted', PASSPHRASE],
])('the library between two devices (%s)', (_mode, passphrase) => {
  it('a project with its file and a prompt made on A appear on B, in B’s library store', async () => {
    const [a, b] = await pair(passphrase);
    const project = await a.library.createProject({ name: 'Lab reports', instructions: 'Use SI units.', files: [{ id: 'f1', name: 'rubric.md', kind: 'text', size: 9, text: '# Rubric', addedAt: 1 }] });
    const prompt = await a.library.createPrompt({ name: 'Summarise', body: 'Summarise {{text}}' });
    await eventually(async () => {
      expect(await rowOn(b, project.id)).toEqual(a.library.get(project.id));
      expect(await rowOn(b, prompt.id)).toEqual(a.library.get(prompt.id));
    });
    await b.library.init();
    expect(b.library.getSnapshot().projects.map((row) => [row.name, row.files[0]?.text])).toEqual([['Lab reports', '# Rubric']]);
    expect(b.library.getSnapshot().prompts.map((row) => row.name)).toEqual(['Summarise']);
  });

  it('edited on both while apart: the newer edit wins on both devices', async () => {
    const [a, b] = await pair(passphrase);
    const prompt = await a.library.createPrompt({ name: 'Draft', body: 'v1' });
    await eventually(async () => expect(await rowOn(b, prompt.id)).toBeDefined());
    await b.library.init();
    await couch.stop();
    await a.library.put({ ...(a.library.get(prompt.id) as LibraryPrompt), body: 'older edit on A' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await b.library.put({ ...(b.library.get(prompt.id) as LibraryPrompt), body: 'newer edit on B' });
    await couch.restart();
    for (const one of [a, b]) await eventually(async () => expect((await rowOn(one, prompt.id)) as LibraryPrompt).toMatchObject({ body: 'newer edit on B' }), 20_000);
    expect(a.library.get(prompt.id)).toMatchObject({ body: 'newer edit on B' });
  }, 30_000);

  it('a row from another device older than the one here does not replace it; the one here goes back out', async () => {
    const [a, b] = await pair(passphrase);
    const prompt = await a.library.createPrompt({ name: 'Clock', body: 'v1' });
    await eventually(async () => expect(await rowOn(b, prompt.id)).toBeDefined());
    // B's edit is stored but not yet sent when A's older one arrives (B's export comes after).
    const newer = { ...(prompt as LibraryPrompt), body: 'newer on B', updatedAt: prompt.updatedAt + 10_000 };
    await b.persistence.putLibrary(newer);
    await a.library.put({ ...(a.library.get(prompt.id) as LibraryPrompt), body: 'older on A' });
    for (const one of [a, b]) await eventually(async () => expect(await rowOn(one, prompt.id)).toEqual(newer), 20_000);
  }, 30_000);

  it('deleted on A: gone on B', async () => {
    const [a, b] = await pair(passphrase);
    const project = await a.library.createProject({ name: 'Short-lived' });
    await eventually(async () => expect(await rowOn(b, project.id)).toBeDefined());
    await b.library.init();
    await a.library.remove(project.id);
    await eventually(async () => expect(await rowOn(b, project.id)).toBeUndefined());
    expect(b.library.getSnapshot().projects).toEqual([]);
  });

  it('a compare vote made on A reaches B’s leaderboard; a cleared one goes on B too; encrypted, no model name is on the server', async () => {
    const [a, b] = await pair(passphrase);
    await a.library.init();
    const vote = voteRecord({ models: ['qwen3-8b-zebra', 'llama3.2-okapi'], winner: 'llama3.2-okapi', chatId: 'chat-1' }, Date.now());
    expect(await a.library.put(vote)).toBe(true);
    await eventually(async () => expect(await rowOn(b, vote.id)).toEqual(a.library.get(vote.id)));
    await b.library.init();
    expect(b.library.getSnapshot().votes.map((row) => [row.models, row.winner])).toEqual([[['qwen3-8b-zebra', 'llama3.2-okapi'], 'llama3.2-okapi']]);
    const server = JSON.stringify(await couch.rawDocs('parley'));
    expect(server).toContain(`lib:${vote.id}`);
    if (passphrase) for (const name of ['zebra', 'okapi']) expect(server).not.toContain(name);
    else expect(server).toContain('okapi');

    await a.library.remove(vote.id);
    await eventually(async () => expect(await rowOn(b, vote.id)).toBeUndefined());
    expect(b.library.getSnapshot().votes).toEqual([]);
  });

  it('only the row’s own fields travel: an API key in a stored row never reaches the server', async () => {
    const [a] = await pair(passphrase);
    const row = { id: 'p-key', kind: 'preset', createdAt: 1, updatedAt: 2, name: 'Leaky', model: 'oai/gpt-4o', apiKey: 'sk-never-sent' } as LibraryRecord;
    await a.persistence.putLibrary(row);
    await a.handle.exportLibrary(row.id);
    await eventually(async () => expect((await serverDocs()).map((doc) => doc._id)).toContain('lib:p-key'));
    expect(JSON.stringify(await serverDocs())).not.toContain('sk-never-sent');
    expect(JSON.stringify(await a.replica.allDocs({ include_docs: true }))).not.toContain('sk-never-sent');
  });
});

describe('the starter prompts', () => {
  it('one deleted on A stays deleted when B joins later with its own starters; untouched ones are not sent', async () => {
    couch = await startCouchServer();
    const options = { url: couch.url, db: 'parley', auth: { kind: 'none' as const } };
    const a = await device(options, false);
    const b = await device(options, false);
    devices.push(a, b);
    for (const row of starterPrompts(100)) await a.persistence.putLibrary(row);
    await a.start();
    await a.library.remove('starter-summarise');
    await eventually(async () => expect((await couch.rawDocs('parley')).find((doc) => doc._id === 'lib:starter-summarise')?._deleted).toBe(true));
    for (const row of starterPrompts(200)) await b.persistence.putLibrary(row);
    await b.start();
    await eventually(async () => expect(await rowOn(b, 'starter-summarise')).toBeUndefined());
    await eventually(() => expect(b.statuses.at(-1)).toEqual({ state: 'synced' }));
    expect(await rowOn(b, 'starter-explain')).toBeDefined();
    expect(await rowOn(a, 'starter-summarise')).toBeUndefined();
    const live = (await couch.rawDocs('parley')).filter((doc) => doc._id.startsWith('lib:') && !doc._deleted);
    expect(live).toEqual([]);
  });
});

describe('a broken library document on the server', () => {
  it('is skipped and named; the good rows around it still arrive', async () => {
    const [a, b] = await pair();
    await putRaw('lib:odd', { type: 'lib', changedAt: 5, record: { id: 'odd', kind: 'wallpaper', createdAt: 1, updatedAt: 5, name: 'Odd one' } });
    await putRaw('lib:junk', { hello: 'world' });
    const prompt = await a.library.createPrompt({ name: 'Fine', body: 'ok' });
    await eventually(async () => {
      expect(await rowOn(b, prompt.id)).toBeDefined();
      expect(b.refusals).toEqual(expect.arrayContaining([
        { kind: 'broken', chatId: 'lib:odd', title: 'Odd one' },
        { kind: 'broken', chatId: 'lib:junk', title: 'junk' },
      ]));
    });
    expect((await b.persistence.listLibrary()).map((row) => row.id)).toEqual([prompt.id]);
    expect(b.statuses.some((status) => status.state === 'error')).toBe(false);
  });

  it('encrypted: a plain document planted by the server is refused as unreadable, never applied', async () => {
    const [, b] = await pair(PASSPHRASE);
    await putRaw('lib:planted', { type: 'lib', changedAt: 5, record: { id: 'planted', kind: 'prompt', createdAt: 1, updatedAt: 5, name: 'Planted', body: 'x' } });
    await eventually(() => expect(b.refusals).toContainEqual({ kind: 'unreadable', chatId: 'lib:planted', title: 'planted' }));
    expect(await b.persistence.listLibrary()).toEqual([]);
  });
});

describe('which version of a library row wins', () => {
  const row = (fields: Partial<LibraryProject>): LibraryProject => ({ id: 'p', kind: 'project', name: 'P', files: [], createdAt: 1, updatedAt: 5, ...fields });
  it('the later updatedAt; on a tie, the same one whichever way round', () => {
    expect(newerLibraryRow(row({ updatedAt: 9, name: 'A' }), row({ name: 'B' }))).toMatchObject({ name: 'A' });
    expect(newerLibraryRow(row({ name: 'B' }), row({ updatedAt: 9, name: 'A' }))).toMatchObject({ name: 'A' });
    const [x, y] = [row({ name: 'X' }), row({ name: 'Y' })];
    expect(newerLibraryRow(x, y)).toBe(newerLibraryRow(y, x));
  });
});
