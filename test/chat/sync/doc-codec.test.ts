// @vitest-environment node
// The encrypted document format (issue 20, finding 7): a body is bound to its id and its version,
// a deletion is a signed marker, the first format still opens, and versions order the same everywhere.
import { describe, expect, it } from 'vitest';
import type { PouchDoc } from 'pouchdb-core';
import { compareVersions, encryptedCodec, plainCodec, type DocCodec } from '../../../src/chat/sync-bridge/doc-codec';
import { createCryptoDoc, encryptBody } from '../../../src/chat/sync-bridge/sync-crypto';
import type { DocBody } from '../../../src/chat/sync-bridge/sync-docs';
import { chat } from './two-devices';

/** Few iterations: these tests check the format, not the key derivation's cost. */
const TEST_ITERATIONS = 1000;
const keyOf = async () => (await createCryptoDoc('a passphrase', TEST_ITERATIONS)).key;
const body = (title: string, changedAt: number): DocBody => ({ type: 'chat', changedAt, chat: chat({ id: 'c1', title }) });

async function sealed(codec: DocCodec, id: string, content: DocBody): Promise<PouchDoc> {
  return { _id: id, _rev: '1-a', ...(await codec.encode(id, content)) };
}

describe('encrypted documents', () => {
  it('carry their version in the clear and open to the body written', async () => {
    const codec = encryptedCodec(await keyOf());
    const written = body('Plans', 1700);
    const doc = await sealed(codec, 'chat:c1', written);
    expect(doc.v).toBe(1700);
    expect(JSON.stringify(doc)).not.toContain('Plans');
    const opened = await codec.open(doc);
    expect(opened?.body).toEqual(written);
    expect(opened?.version.at).toBe(1700);
    expect(await codec.decode(doc)).toEqual(written);
  });

  it('do not open under another id, or with another version beside them', async () => {
    const codec = encryptedCodec(await keyOf());
    const doc = await sealed(codec, 'chat:c1', body('Plans', 1700));
    expect(await codec.open({ ...doc, _id: 'chat:c2' })).toBeUndefined();
    expect(await codec.open({ ...doc, v: 1701 })).toBeUndefined();
    expect(await codec.open({ ...doc, v: '1700' })).toBeUndefined();
    expect(await codec.decode({ ...doc, _id: 'chat:c2' })).toBeUndefined();
  });

  it('a version beside the ciphertext that differs from the one inside is refused', async () => {
    const key = await keyOf();
    const codec = encryptedCodec(key);
    // Bound to v = 5 but saying changedAt 9 inside: only a forger's device would write it.
    const enc = await encryptBody(key, JSON.stringify({ id: 'chat:c1', v: 5 }), body('Plans', 9));
    expect(await codec.open({ _id: 'chat:c1', enc, v: 5 })).toBeUndefined();
  });

  it('a deletion is a signed marker on the tombstone: a bare tombstone, or a live body under _deleted, does not open as one', async () => {
    const codec = encryptedCodec(await keyOf());
    const marker = { _id: 'chat:c1', _rev: '2-b', _deleted: true, ...(await codec.encodeDeletion('chat:c1', 1800)) };
    expect(await codec.open(marker)).toMatchObject({ body: { type: 'deleted', changedAt: 1800 }, version: { at: 1800 } });
    expect(await codec.decode(marker)).toBeUndefined();
    expect(await codec.open({ _id: 'chat:c1', _rev: '2-b', _deleted: true })).toBeUndefined();
    const live = await sealed(codec, 'chat:c1', body('Plans', 1800));
    expect(await codec.open({ ...live, _deleted: true })).toBeUndefined();
    // …and a marker shown as a live document is no body.
    expect(await codec.open({ ...marker, _deleted: false })).toBeUndefined();
  });

  it('a body of the first format (bound to the id only) still opens, live, at the version its changedAt says', async () => {
    const key = await keyOf();
    const codec = encryptedCodec(key);
    const written = body('Old format', 1500);
    const enc = await encryptBody(key, 'chat:c1', written);
    expect(await codec.open({ _id: 'chat:c1', enc })).toMatchObject({ body: written, version: { at: 1500 } });
    expect(await codec.open({ _id: 'chat:c2', enc })).toBeUndefined();
    expect(await codec.open({ _id: 'chat:c1', enc, _deleted: true })).toBeUndefined();
  });

  it('versions order by version, then by ciphertext, the same on every device', async () => {
    const codec = encryptedCodec(await keyOf());
    const [older, newer, tie] = await Promise.all([
      sealed(codec, 'chat:c1', body('A', 100)),
      sealed(codec, 'chat:c1', body('B', 200)),
      sealed(codec, 'chat:c1', body('C', 200)),
    ]);
    const [v1, v2, v3] = await Promise.all([older, newer, tie].map(async (doc) => (await codec.open(doc))!.version));
    expect(compareVersions(v1!, v2!)).toBeLessThan(0);
    expect(compareVersions(v2!, v1!)).toBeGreaterThan(0);
    expect(compareVersions(v2!, v2!)).toBe(0);
    expect(compareVersions(v2!, v3!)).not.toBe(0);
    expect(Math.sign(compareVersions(v2!, v3!))).toBe(-Math.sign(compareVersions(v3!, v2!)));
  });
});

describe('plain documents', () => {
  it('open as before, and a tombstone is a deletion (no encryption: nothing to sign it with)', async () => {
    const written = body('Plain', 100);
    const doc = await sealed(plainCodec, 'chat:c1', written);
    expect(await plainCodec.open(doc)).toMatchObject({ body: written, version: { at: 100, tie: '1-a' } });
    expect((await plainCodec.open({ _id: 'chat:c1', _rev: '2-b', _deleted: true }))?.body.type).toBe('deleted');
    expect(await plainCodec.decode({ ...doc, enc: 'x' })).toBeUndefined();
  });
});
