import type { PouchDoc } from 'pouchdb-core';
import { bodyBinding, decryptBody, decryptBytes, encryptBody, encryptBytes, fromBase64, toBase64 } from './sync-crypto';
import type { DeletionBody, DocBody, SealedBody } from './sync-docs';

/**
 * How a body is stored in a document: as plain fields, or (end-to-end encryption) as `enc`, its
 * ciphertext, beside `v`, its version in the clear; both the id and `v` are authenticated (see
 * docs/sync.md, "Threat model"). A deletion's tombstone carries an encrypted marker. Attachment bytes
 * ride as the document's CouchDB attachment `data`, base64 (what PouchDB takes in the browser and
 * in Node alike), encrypted with the same key.
 */
export interface DocCodec {
  readonly encrypted: boolean;
  /** `body.changedAt` is the version the document is written at. */
  encode(id: string, body: DocBody, bytes?: Blob): Promise<Omit<PouchDoc, '_id'>>;
  /** The fields a deletion's tombstone carries besides `_deleted`: none in plain, the signed marker when encrypted. */
  encodeDeletion(id: string, changedAt: number): Promise<Omit<PouchDoc, '_id'>>;
  /** A live document's body, or a tombstone's marker, with its version; undefined when it does not open. */
  open(doc: PouchDoc): Promise<Opened | undefined>;
  /** A live document's body; undefined for one this codec can't read (written in the other mode, or not Parley's). */
  decode(doc: PouchDoc): Promise<DocBody | undefined>;
  /** The bytes of a document read with `attachments: true`. */
  decodeBytes(doc: PouchDoc, mimeType: string): Promise<Blob | undefined>;
}

/** Where a revision stands in the order a document's versions only move forward in. */
export interface DocVersion {
  /** The body's `changedAt`: when encrypted, also the authenticated `v` beside the ciphertext. */
  at: number;
  /** Breaks a tie the same on every device: the ciphertext's tag when encrypted, the revision id in plain. */
  tie: string;
}

export interface Opened {
  body: SealedBody;
  version: DocVersion;
}

/** Older first; equal only for the same revision's content. */
export function compareVersions(a: DocVersion, b: DocVersion): number {
  return a.at - b.at || (a.tie < b.tie ? -1 : a.tie > b.tie ? 1 : 0);
}

/** AES-GCM's 16-byte tag ends the ciphertext: its last base64 characters differ for every encryption. */
const TIE_CHARS = 24;
const tieOf = (enc: string) => enc.slice(-TIE_CHARS);

/** The version an encrypted document was written at, read from its clear fields (for what this device wrote itself). */
export const sealedVersion = (doc: PouchDoc): DocVersion | undefined =>
  typeof doc.v === 'number' && typeof doc.enc === 'string' ? { at: doc.v, tie: tieOf(doc.enc) } : undefined;

const ATTACHMENT_NAME = 'data';
/** What the server is told an encrypted attachment is: nothing. */
const OPAQUE_TYPE = 'application/octet-stream';

const isBody = (value: unknown): value is DocBody =>
  typeof value === 'object' && value !== null && ['chat', 'msg', 'att', 'lib'].includes((value as DocBody).type) && typeof (value as DocBody).changedAt === 'number';
const isSealed = (value: unknown, deleted: boolean): value is SealedBody => (deleted ? isDeletion(value) : isBody(value));
const isDeletion = (value: unknown): value is DeletionBody =>
  typeof value === 'object' && value !== null && (value as DeletionBody).type === 'deleted' && typeof (value as DeletionBody).changedAt === 'number';

async function blobBytes(blob: Blob): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await blob.arrayBuffer());
}

function storedBytes(doc: PouchDoc): Uint8Array<ArrayBuffer> | undefined {
  const data = doc._attachments?.[ATTACHMENT_NAME]?.data;
  return typeof data === 'string' ? fromBase64(data) : undefined;
}

export const plainCodec: DocCodec = {
  encrypted: false,
  async encode(_id, body, bytes) {
    const attachments = bytes ? { [ATTACHMENT_NAME]: { content_type: bytes.type || OPAQUE_TYPE, data: toBase64(await blobBytes(bytes)) } } : undefined;
    return attachments ? { ...body, _attachments: attachments } : { ...body };
  },
  encodeDeletion: async () => ({}),
  async open(doc) {
    const tie = doc._rev ?? '';
    if (doc._deleted) return { body: { type: 'deleted', changedAt: 0 }, version: { at: 0, tie } };
    const body = await plainCodec.decode(doc);
    return body ? { body, version: { at: body.changedAt, tie } } : undefined;
  },
  async decode(doc) {
    if ('enc' in doc || doc._deleted) return undefined;
    const { _id, _rev, _conflicts, _attachments, _deleted, ...body } = doc;
    return isBody(body) ? body : undefined;
  },
  async decodeBytes(doc, mimeType) {
    const bytes = storedBytes(doc);
    return bytes ? new Blob([bytes], { type: mimeType }) : undefined;
  },
};

/**
 * The encrypted format: `{ enc, v }`, the body bound to `{ id, v }`, and `v` equal to the body's
 * `changedAt`. A document of the first format (`{ enc }` alone, bound to its id only) still opens,
 * live only, at the version its body's `changedAt` says (authenticated with the body); the next
 * change writes it in this format. A tombstone opens only with a marker in this format.
 */
export function encryptedCodec(key: CryptoKey): DocCodec {
  const codec: DocCodec = {
    encrypted: true,
    async encode(id, body, bytes) {
      const v = body.changedAt;
      const enc = await encryptBody(key, bodyBinding(id, v), body);
      if (!bytes) return { enc, v };
      const data = toBase64(await encryptBytes(key, `${id}/${ATTACHMENT_NAME}`, await blobBytes(bytes)));
      return { enc, v, _attachments: { [ATTACHMENT_NAME]: { content_type: OPAQUE_TYPE, data } } };
    },
    async encodeDeletion(id, changedAt) {
      return { enc: await encryptBody(key, bodyBinding(id, changedAt), { type: 'deleted', changedAt }), v: changedAt };
    },
    async open(doc) {
      if (typeof doc.enc !== 'string') return undefined;
      const versioned = typeof doc.v === 'number';
      if (!versioned && ('v' in doc || doc._deleted)) return undefined;
      try {
        const body = await decryptBody(key, versioned ? bodyBinding(doc._id, doc.v as number) : doc._id, doc.enc);
        if (!isSealed(body, doc._deleted === true) || (versioned && body.changedAt !== doc.v)) return undefined;
        return { body, version: { at: body.changedAt, tie: tieOf(doc.enc) } };
      } catch {
        return undefined;
      }
    },
    async decode(doc) {
      const body = doc._deleted ? undefined : (await codec.open(doc))?.body;
      return body && body.type !== 'deleted' ? body : undefined;
    },
    async decodeBytes(doc, mimeType) {
      const sealed = storedBytes(doc);
      if (!sealed) return undefined;
      return new Blob([await decryptBytes(key, `${doc._id}/${ATTACHMENT_NAME}`, sealed)], { type: mimeType });
    },
  };
  return codec;
}

/**
 * A document read with its attachments as bytes, turned to base64 (what the codec and the replica
 * take): asked for as base64, PouchDB's http adapter in Node encodes a Blob it cannot read.
 */
export async function withBase64Data(doc: PouchDoc): Promise<PouchDoc> {
  const entries = await Promise.all(
    Object.entries(doc._attachments ?? {}).map(async ([name, attachment]) => {
      const data = attachment.data;
      const bytes = data instanceof Blob ? new Uint8Array(await data.arrayBuffer()) : data instanceof Uint8Array ? data : undefined;
      return [name, bytes ? { ...attachment, data: toBase64(bytes) } : attachment] as const;
    }),
  );
  return entries.length > 0 ? { ...doc, _attachments: Object.fromEntries(entries) } : doc;
}
