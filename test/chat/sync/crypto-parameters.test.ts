// @vitest-environment node
// Issue 32, finding 7: the encryption parameters come from the server, so their cost is bounded.
// A hostile server asking for 2,000,000,000 PBKDF2 rounds (or a method Parley does not use) gets a
// prompt refusal with its own reason, before any key is derived; Test says so.
import { afterEach, describe, expect, it } from 'vitest';
import { createChatStore } from '../../../src/chat';
import { createMemoryPersistence } from '../../../src/chat/persistence/memory-persistence';
import { MAX_PBKDF2_ITERATIONS, PBKDF2_ITERATIONS, CryptoParametersError, unlockCryptoDoc, type CryptoDoc } from '../../../src/chat/sync-bridge/sync-crypto';
import { createSyncService } from '../../../src/chat/sync/sync-service';
import { startCouchServer, type CouchServer } from '../../support/couch-server/index.mjs';
import { device } from './two-devices';

/** What a prompt answer is: no key derivation of millions of rounds fits in it. */
const PROMPT_MS = 1000;
const PASSPHRASE = 'amber gulls at low tide';
/** Parameters as Parley writes them; each case changes one field. */
const sound: CryptoDoc = { _id: 'parley:crypto', version: 1, kdf: 'PBKDF2', hash: 'SHA-256', iterations: PBKDF2_ITERATIONS, salt: 'c2FsdHNhbHRzYWx0c2FsdA==', check: 'AAAA' };
const hostile: [string, Partial<Record<keyof CryptoDoc, unknown>>][] = [
  ['2,000,000,000 iterations', { iterations: 2_000_000_000 }],
  ['one iteration past the bound', { iterations: MAX_PBKDF2_ITERATIONS + 1 }],
  ['too few iterations', { iterations: 1 }],
  ['iterations as text', { iterations: '600000' }],
  ['fractional iterations', { iterations: 600_000.5 }],
  ['1e300 iterations', { iterations: 1e300 }],
  ['another hash', { hash: 'SHA-1' }],
  ['another method', { kdf: 'scrypt' }],
  ['no salt', { salt: undefined }],
];

let couch: CouchServer | undefined;
afterEach(async () => {
  await couch?.close();
  couch = undefined;
});

describe('the encryption parameters a server holds', () => {
  it('are bounded at ten times the default', () => {
    expect(MAX_PBKDF2_ITERATIONS).toBe(6_000_000);
  });

  it.each(hostile)('%s: refused before any key is derived', async (_name, fields) => {
    const started = performance.now();
    await expect(unlockCryptoDoc({ ...sound, ...fields } as CryptoDoc, PASSPHRASE)).rejects.toBeInstanceOf(CryptoParametersError);
    expect(performance.now() - started).toBeLessThan(PROMPT_MS);
  });

  it('Test and starting sync answer promptly with the clear reason', async () => {
    couch = await startCouchServer();
    await couch.createDb('parley');
    const put = await fetch(`${couch.url}/parley/parley:crypto`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ...sound, iterations: 2_000_000_000 }) });
    expect(put.status).toBe(201);
    const store = createChatStore({ persistence: createMemoryPersistence(), broadcast: null, untitledTitle: 'Untitled' });
    const config = { url: couch.url, db: 'parley', auth: { kind: 'none' }, passphrase: PASSPHRASE } as const;
    try {
      const started = performance.now();
      expect(await createSyncService({ store, announce: () => {} }).test(config)).toEqual({ ok: false, reason: 'crypto-parameters' });
      expect(performance.now() - started).toBeLessThan(PROMPT_MS);
    } finally {
      store.dispose();
    }
    const refused = await device(config);
    expect(refused.statuses.at(-1)).toEqual({ state: 'error', reason: 'crypto-parameters' });
    expect(await refused.persistence.listChats()).toEqual([]);
  });
});
