import type { PouchDoc } from 'pouchdb-core';
import { decryptBody, decryptBytes, encryptBody, encryptBytes, fromBase64, toBase64 } from './sync-crypto';
import type { DocBody } from './sync-docs';

/**
 * How a body is stored in a document: as plain fields, or (end-to-end encryption) as one
 * `enc` field of ciphertext. Attachment bytes ride as the document's CouchDB attachment `data`,
 * base64 (what PouchDB takes in the browser and in Node alike), encrypted with the same key.
 */
export interface DocCodec {
  readonly encrypted: boolean;
  encode(id: string, body: DocBody, bytes?: Blob): Promise<Omit<PouchDoc, '_id'>>;
  /** Undefined for a document this codec can't read (written in the other mode, or not Parley's). */
  decode(doc: PouchDoc): Promise<DocBody | undefined>;
  /** The bytes of a document read with `attachments: true`. */
  decodeBytes(doc: PouchDoc, mimeType: string): Promise<Blob | undefined>;
}

const ATTACHMENT_NAME = 'data';
/** What the server is told an encrypted attachment is: nothing. */
const OPAQUE_TYPE = 'application/octet-stream';

const isBody = (value: unknown): value is DocBody =>
  typeof value === 'object' && value !== null && ['chat', 'msg', 'att'].includes((value as DocBody).type);

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
  async decode(doc) {
    if ('enc' in doc) return undefined;
    const { _id, _rev, _conflicts, _attachments, _deleted, ...body } = doc;
    return isBody(body) ? body : undefined;
  },
  async decodeBytes(doc, mimeType) {
    const bytes = storedBytes(doc);
    return bytes ? new Blob([bytes], { type: mimeType }) : undefined;
  },
};

export function encryptedCodec(key: CryptoKey): DocCodec {
  return {
    encrypted: true,
    async encode(id, body, bytes) {
      const enc = await encryptBody(key, id, body);
      if (!bytes) return { enc };
      const data = toBase64(await encryptBytes(key, `${id}/${ATTACHMENT_NAME}`, await blobBytes(bytes)));
      return { enc, _attachments: { [ATTACHMENT_NAME]: { content_type: OPAQUE_TYPE, data } } };
    },
    async decode(doc) {
      if (typeof doc.enc !== 'string') return undefined;
      try {
        const body = await decryptBody(key, doc._id, doc.enc);
        return isBody(body) ? body : undefined;
      } catch {
        return undefined;
      }
    },
    async decodeBytes(doc, mimeType) {
      const sealed = storedBytes(doc);
      if (!sealed) return undefined;
      return new Blob([await decryptBytes(key, `${doc._id}/${ATTACHMENT_NAME}`, sealed)], { type: mimeType });
    },
  };
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
