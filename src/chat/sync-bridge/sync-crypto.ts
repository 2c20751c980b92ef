import type { PouchDoc } from 'pouchdb-core';
import type { SealedBody } from './sync-docs';

/**
 * End-to-end encryption: a passphrase becomes an AES-GCM key through PBKDF2; every document
 * body (and attachment's bytes) is encrypted in the browser, so the server keeps ciphertext.
 * The salt and parameters live in one plain document, `parley:crypto`, that a second device
 * reads; its `check` (a known text, encrypted) tells a wrong passphrase before anything syncs.
 * Document ids, sizes and timing still show (see docs/sync.md).
 */

export const CRYPTO_DOC_ID = 'parley:crypto';
/** OWASP's 2023 work factor for PBKDF2-HMAC-SHA256. */
export const PBKDF2_ITERATIONS = 600_000;
/**
 * The most iterations a database's parameters may ask for: ten times ours. The parameters come
 * from the server, and a hostile one could ask for billions, leaving the device deriving a key
 * for ever (2,000,000,000 rounds: most of an hour on a laptop).
 */
export const MAX_PBKDF2_ITERATIONS = 10 * PBKDF2_ITERATIONS;
/** 128 bits of salt, as NIST SP 800-132 asks at least. */
const SALT_BYTES = 16;
/** AES-GCM's standard 96-bit IV, random per encryption (a repeat with one key would break GCM). */
const IV_BYTES = 12;
const CHECK_TEXT = 'parley-sync-check-v1';

export interface CryptoDoc extends PouchDoc {
  version: 1;
  kdf: 'PBKDF2';
  hash: 'SHA-256';
  iterations: number;
  salt: string;
  check: string;
}

/** The database's encryption parameters are not ones Parley made or accepts (too many iterations, another KDF, no salt). */
export class CryptoParametersError extends Error {
  constructor() {
    super('The database asks for encryption parameters Parley does not accept');
    this.name = 'CryptoParametersError';
  }
}

/** Parameters Parley can derive a key from in bounded time, and nothing else. */
function acceptable(doc: CryptoDoc): boolean {
  const { kdf, hash, iterations, salt, check } = doc as Partial<Record<keyof CryptoDoc, unknown>>;
  return (
    kdf === 'PBKDF2' &&
    hash === 'SHA-256' &&
    Number.isSafeInteger(iterations) &&
    (iterations as number) >= PBKDF2_ITERATIONS &&
    (iterations as number) <= MAX_PBKDF2_ITERATIONS &&
    typeof salt === 'string' &&
    typeof check === 'string'
  );
}

export class WrongPassphraseError extends Error {
  constructor() {
    super('The passphrase does not open this database');
    this.name = 'WrongPassphraseError';
  }
}

const subtle = () => globalThis.crypto.subtle;
const encoder = new TextEncoder();

export function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const raw = atob(text);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

async function deriveKey(passphrase: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<CryptoKey> {
  const material = await subtle().importKey('raw', encoder.encode(passphrase), 'PBKDF2', false, ['deriveKey']);
  return subtle().deriveKey({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, material, { name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
}

/** IV and ciphertext in one buffer; `binding` is authenticated too (the document id, and a body's version): see bodyBinding. */
export async function encryptBytes(key: CryptoKey, binding: string, plain: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = new Uint8Array(await subtle().encrypt({ name: 'AES-GCM', iv, additionalData: encoder.encode(binding) }, key, plain));
  const out = new Uint8Array(IV_BYTES + sealed.length);
  out.set(iv);
  out.set(sealed, IV_BYTES);
  return out;
}

export async function decryptBytes(key: CryptoKey, binding: string, sealed: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const iv = sealed.slice(0, IV_BYTES);
  const plain = await subtle().decrypt({ name: 'AES-GCM', iv, additionalData: encoder.encode(binding) }, key, sealed.slice(IV_BYTES));
  return new Uint8Array(plain);
}

/**
 * What a body's ciphertext is bound to (AES-GCM additional data): its document id and its version,
 * so a ciphertext moved to another document, or shown with another version, does not open.
 */
export const bodyBinding = (id: string, version: number) => JSON.stringify({ id, v: version });

/** `binding`: bodyBinding(id, version), or the bare id for a body of the first format (no version). */
export async function encryptBody(key: CryptoKey, binding: string, body: SealedBody): Promise<string> {
  return toBase64(await encryptBytes(key, binding, encoder.encode(JSON.stringify(body))));
}

export async function decryptBody(key: CryptoKey, binding: string, sealed: string): Promise<unknown> {
  return JSON.parse(new TextDecoder().decode(await decryptBytes(key, binding, fromBase64(sealed)))) as unknown;
}

/** A new database's parameters and key: a fresh random salt. */
export async function createCryptoDoc(passphrase: string, iterations = PBKDF2_ITERATIONS): Promise<{ doc: CryptoDoc; key: CryptoKey }> {
  const salt = globalThis.crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const key = await deriveKey(passphrase, salt, iterations);
  const check = toBase64(await encryptBytes(key, CRYPTO_DOC_ID, encoder.encode(CHECK_TEXT)));
  return { doc: { _id: CRYPTO_DOC_ID, version: 1, kdf: 'PBKDF2', hash: 'SHA-256', iterations, salt: toBase64(salt), check }, key };
}

/**
 * The last key unlocked, with what it was derived from: Settings → Sync tests the passphrase and
 * then turns sync on with it, and PBKDF2 is slow by design (600,000 rounds: a fifth of a second
 * on a laptop, a second on a phone), so the second asks for the same key again. The passphrase is
 * in this page's memory anyway (the sync settings hold it).
 */
let lastUnlocked: { passphrase: string; salt: string; iterations: number; check: string; key: CryptoKey } | undefined;

/**
 * The key the stored parameters give this passphrase; WrongPassphraseError when the check does
 * not open, CryptoParametersError (before any work) when the parameters are out of bounds.
 */
export async function unlockCryptoDoc(doc: CryptoDoc, passphrase: string): Promise<CryptoKey> {
  if (!acceptable(doc)) throw new CryptoParametersError();
  const last = lastUnlocked;
  if (last && last.passphrase === passphrase && last.salt === doc.salt && last.iterations === doc.iterations && last.check === doc.check) return last.key;
  const key = await deriveKey(passphrase, fromBase64(doc.salt), doc.iterations);
  try {
    const text = new TextDecoder().decode(await decryptBytes(key, CRYPTO_DOC_ID, fromBase64(doc.check)));
    if (text !== CHECK_TEXT) throw new WrongPassphraseError();
  } catch {
    throw new WrongPassphraseError();
  }
  lastUnlocked = { passphrase, salt: doc.salt, iterations: doc.iterations, check: doc.check, key };
  return key;
}
