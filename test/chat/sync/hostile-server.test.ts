// @vitest-environment node
// Issue 20, finding 7: with end-to-end encryption on, a CouchDB operator writing straight into the
// database (its HTTP API, as an admin would) can neither roll a device back, delete its chats, nor
// move a ciphertext to another document; two honest devices still rename, delete and undo.
import { afterEach, describe, expect, it } from 'vitest';
import { startCouchServer, type CouchServer, type RawCouchDoc } from '../../support/couch-server/index.mjs';
import { encryptBody, unlockCryptoDoc, type CryptoDoc } from '../../../src/chat/sync-bridge/sync-crypto';
import { chat, device, eventually, message, type Device } from './two-devices';

const PASSPHRASE = 'seven lanterns over the harbour';
let couch: CouchServer;
const devices: Device[] = [];
afterEach(async () => {
  for (const one of devices.splice(0)) await one.handle.stop();
  await couch?.close();
});

const join = async (passphrase = PASSPHRASE) => {
  const one = await device({ url: couch.url, db: 'parley', auth: { kind: 'none' }, passphrase });
  devices.push(one);
  return one;
};

/** The operator: the server's current copy of a document, as stored. */
async function serverDoc(id: string): Promise<RawCouchDoc> {
  const response = await fetch(`${couch.url}/parley/${encodeURIComponent(id)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as RawCouchDoc;
}

/** The operator writes `fields` as the next revision of `id`, straight into the database. */
async function operatorPut(id: string, fields: Record<string, unknown>): Promise<void> {
  const { _rev } = await serverDoc(id);
  const response = await fetch(`${couch.url}/parley/${encodeURIComponent(id)}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...fields, _id: id, _rev }),
  });
  expect(response.status).toBe(201);
}

/** The operator (or an earlier device) creates `id` with `fields`. */
async function serverCreate(id: string, fields: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${couch.url}/parley/${encodeURIComponent(id)}`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(fields) });
  expect(response.status).toBe(201);
}

/** The operator deletes `id`: a bare tombstone, as DELETE /db/id writes. */
async function operatorDelete(id: string): Promise<void> {
  const { _rev } = await serverDoc(id);
  expect((await fetch(`${couch.url}/parley/${encodeURIComponent(id)}?rev=${_rev}`, { method: 'DELETE' })).status).toBe(200);
}

/** A chat with one message, created on `on`, on the server and seen by every device in `seen`. */
async function sharedChat(on: Device, seen: Device[], title: string) {
  const c = chat({ title });
  const first = message(c.id, { content: `About ${title}` });
  await on.persistence.createChat(c, [first]);
  await on.handle.exportChat(c.id);
  await eventually(async () => expect((await fetch(`${couch.url}/parley/chat:${c.id}`)).status).toBe(200));
  for (const other of seen) await eventually(async () => expect((await other.persistence.listMessages(c.id)).map((m) => m.content)).toEqual([`About ${title}`]));
  return { c, first };
}

const ciphertext = ({ enc, v }: RawCouchDoc) => ({ enc, v });

describe('a hostile server, with encryption on', () => {
  it('replaying an older ciphertext as a new revision is refused: the newer title stays, and the refusal is reported', async () => {
    couch = await startCouchServer();
    const [a, b] = [await join(), await join()];
    const { c } = await sharedChat(a, [b], 'Budget draft');
    const old = ciphertext(await serverDoc(`chat:${c.id}`));
    await a.persistence.patchChat(c.id, { title: 'Budget final' });
    await a.handle.exportChat(c.id);
    await eventually(async () => expect((await b.persistence.getChat(c.id))?.title).toBe('Budget final'));

    await operatorPut(`chat:${c.id}`, old);
    for (const one of [a, b]) {
      await eventually(() => expect(one.refusals).toContainEqual({ kind: 'older', chatId: c.id, title: 'Budget final' }));
      expect((await one.persistence.getChat(c.id))?.title).toBe('Budget final');
    }
  }, 30_000);

  it('a chat deleted here stays deleted when an older copy is replayed into the replica before sync starts again (the versions seen are kept)', async () => {
    couch = await startCouchServer();
    const a = await join();
    const { c } = await sharedChat(a, [], 'Old diary');
    const oldest = ciphertext(await serverDoc(`chat:${c.id}`));
    await a.persistence.patchChat(c.id, { title: 'Diary' });
    await a.handle.exportChat(c.id);
    await eventually(async () => expect((await serverDoc(`chat:${c.id}`)).v).not.toBe(oldest.v));
    await a.persistence.deleteChat(c.id);
    await a.handle.exportChat(c.id);
    await eventually(async () => expect((await fetch(`${couch.url}/parley/chat:${c.id}`)).status).toBe(404));
    await a.handle.stop();

    // The operator brings the first version back on top of the deletion; the pull wrote it into the replica just before the app closed.
    await serverCreate(`chat:${c.id}`, oldest);
    await (a.replica as unknown as { replicate: { from(url: string): Promise<unknown> } }).replicate.from(`${couch.url}/parley`);
    expect((await a.replica.get(`chat:${c.id}`)).v).toBe(oldest.v);
    await a.start();
    await eventually(() => expect(a.statuses.at(-1)).toEqual({ state: 'synced' }));
    await a.handle.bridge!.idle();
    expect(await a.persistence.getChat(c.id)).toBeUndefined();
  }, 30_000);

  it('a tombstone the server wrote (no signed deletion) deletes nothing: the chat and its messages stay, and it is reported', async () => {
    couch = await startCouchServer();
    const [a, b] = [await join(), await join()];
    const { c, first } = await sharedChat(a, [b], 'Tax papers');

    await operatorDelete(`chat:${c.id}`);
    await operatorDelete(`msg:${c.id}:${first.id}`);
    for (const one of [a, b]) {
      await eventually(() => expect(one.refusals).toContainEqual({ kind: 'unsigned-deletion', chatId: c.id, title: 'Tax papers' }));
      expect((await one.persistence.getChat(c.id))?.title).toBe('Tax papers');
      expect((await one.persistence.listMessages(c.id)).map((m) => m.content)).toEqual(['About Tax papers']);
    }
  }, 30_000);

  it('a ciphertext copied from one chat into another does not open there: refused, the chat keeps its title', async () => {
    couch = await startCouchServer();
    const [a, b] = [await join(), await join()];
    const { c: first } = await sharedChat(a, [b], 'First chat');
    const { c: second } = await sharedChat(a, [b], 'Second chat');

    await operatorPut(`chat:${second.id}`, ciphertext(await serverDoc(`chat:${first.id}`)));
    await eventually(() => expect(b.refusals).toContainEqual({ kind: 'unreadable', chatId: second.id, title: 'Second chat' }));
    expect((await b.persistence.getChat(second.id))?.title).toBe('Second chat');
    expect((await b.persistence.getChat(first.id))?.title).toBe('First chat');
    // Its version in the clear changed too, to one the other chat's ciphertext was not bound to.
    await operatorPut(`chat:${second.id}`, { ...ciphertext(await serverDoc(`chat:${first.id}`)), v: Date.now() + 60_000 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await b.persistence.getChat(second.id))?.title).toBe('Second chat');
  }, 30_000);

  it('two devices still rename, delete (a signed marker on the server) and undo a delete, with nothing refused', async () => {
    couch = await startCouchServer();
    const [a, b] = [await join(), await join()];
    const { c, first } = await sharedChat(a, [b], 'Weekend');
    await b.persistence.patchChat(c.id, { title: 'Weekend away' });
    await b.handle.exportChat(c.id);
    await eventually(async () => expect((await a.persistence.getChat(c.id))?.title).toBe('Weekend away'));

    const deleted = await a.persistence.deleteChat(c.id);
    await a.handle.exportChat(c.id);
    await eventually(async () => {
      expect(await b.persistence.getChat(c.id)).toBeUndefined();
      expect(await b.persistence.listMessages(c.id)).toEqual([]);
    });
    const tombstone = (await couch.rawDocs('parley')).find((doc) => doc._id === `chat:${c.id}`);
    expect(tombstone).toMatchObject({ _deleted: true, enc: expect.any(String), v: expect.any(Number) });

    // Undo: the chat comes back, messages too, on the other device.
    await a.persistence.createChat(deleted!.chat, deleted!.messages);
    await a.handle.exportChat(c.id);
    await eventually(async () => {
      expect((await b.persistence.getChat(c.id))?.title).toBe('Weekend away');
      expect((await b.persistence.listMessages(c.id)).map((m) => m.id)).toEqual([first.id]);
    });
    expect([...a.refusals, ...b.refusals]).toEqual([]);
  }, 30_000);
});

describe('honest devices, with encryption on', () => {
  it('a message deleted on A and continued on B keeps the continuation and its parent (rule 3), nothing refused', async () => {
    couch = await startCouchServer();
    const [a, b] = [await join(), await join()];
    const { c, first } = await sharedChat(a, [b], 'Question');
    const reply = message(c.id, { parentId: first.id, role: 'assistant', content: 'answer' });
    await a.persistence.putMessage(reply);
    await a.handle.exportChat(c.id);
    await eventually(async () => expect(await b.persistence.listMessages(c.id)).toHaveLength(2));
    await couch.stop();
    await a.persistence.deleteMessages(c.id, [reply.id]);
    await a.handle.exportChat(c.id);
    await b.persistence.putMessage(message(c.id, { parentId: reply.id, content: 'and then?' }));
    await b.handle.exportChat(c.id);
    await couch.restart();
    for (const one of [a, b]) {
      await eventually(async () => expect((await one.persistence.listMessages(c.id)).map((m) => m.content).sort()).toEqual(['About Question', 'and then?', 'answer']), 20_000);
    }
    expect([...a.refusals, ...b.refusals]).toEqual([]);
  }, 40_000);

  /** Two devices apart (the server down): `first` changes on one, then, a moment later, `then` on the other; then they meet again. */
  async function whileApart(first: () => Promise<void>, then: () => Promise<void>) {
    await couch.stop();
    await first();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await then();
    await couch.restart();
  }
  const changeOn = (one: Device, chatId: string, change: (persistence: Device['persistence']) => Promise<unknown>) => async () => {
    await change(one.persistence);
    await one.handle.exportChat(chatId);
  };
  const titleEverywhere = async (devicesToCheck: Device[], chatId: string, title: string) => {
    for (const one of devicesToCheck) await eventually(async () => expect((await one.persistence.getChat(chatId))?.title).toBe(title), 20_000);
    expect(devicesToCheck.flatMap((one) => one.refusals)).toEqual([]);
  };

  it('both offline, both rename: the later rename wins on both (rule 1), nothing refused', async () => {
    couch = await startCouchServer();
    const [a, b] = [await join(), await join()];
    const { c } = await sharedChat(a, [b], 'Start');
    await whileApart(
      changeOn(a, c.id, (persistence) => persistence.patchChat(c.id, { title: 'Earlier on A' })),
      changeOn(b, c.id, (persistence) => persistence.patchChat(c.id, { title: 'Later on B' })),
    );
    await titleEverywhere([a, b], c.id, 'Later on B');
  }, 40_000);

  it('a chat deleted on A and renamed on B while apart survives with the rename on both (rule 4), nothing refused', async () => {
    couch = await startCouchServer();
    const [a, b] = [await join(), await join()];
    const { c } = await sharedChat(a, [b], 'Recipes');
    await whileApart(
      changeOn(b, c.id, (persistence) => persistence.patchChat(c.id, { title: 'Recipes, renamed on B' })),
      changeOn(a, c.id, (persistence) => persistence.deleteChat(c.id)),
    );
    await titleEverywhere([a, b], c.id, 'Recipes, renamed on B');
  }, 40_000);

  it('a document of the first encrypted format is read, written in the new one on its next change, and cannot be replayed after', async () => {
    couch = await startCouchServer();
    const a = await join();
    const key = await unlockCryptoDoc((await serverDoc('parley:crypto')) as unknown as CryptoDoc, PASSPHRASE);
    const c = chat({ title: 'Written by an older Parley' });
    const legacy = { enc: await encryptBody(key, `chat:${c.id}`, { type: 'chat', changedAt: Date.now(), chat: c }) };
    await serverCreate(`chat:${c.id}`, legacy);
    await eventually(async () => expect((await a.persistence.getChat(c.id))?.title).toBe('Written by an older Parley'));

    await a.persistence.patchChat(c.id, { title: 'Renamed here' });
    await a.handle.exportChat(c.id);
    await eventually(async () => expect((await serverDoc(`chat:${c.id}`)).v).toEqual(expect.any(Number)));
    await operatorPut(`chat:${c.id}`, legacy);
    await eventually(() => expect(a.refusals).toContainEqual({ kind: 'older', chatId: c.id, title: 'Renamed here' }));
    expect((await a.persistence.getChat(c.id))?.title).toBe('Renamed here');
  }, 30_000);
});
