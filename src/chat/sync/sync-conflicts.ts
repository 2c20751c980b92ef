import type { PouchDatabase, PouchDoc } from 'pouchdb-core';
import { compareVersions, type DocCodec, type DocVersion } from './doc-codec';

/**
 * Two devices changed one document while apart: CouchDB keeps both revisions and picks one
 * arbitrarily (but the same everywhere). Parley's rule: the latest change (the body's
 * `changedAt`, its version) wins, a tie goes to the higher revision id (encrypted: the higher
 * ciphertext tag, the same order the device's version ledger keeps). The winner's content is written on
 * top of CouchDB's pick and the other leaves are deleted: they stay in the revision history.
 * Revision ids are deterministic, so two devices resolving the same conflict write the same
 * revisions and agree. True when something was written. `read`: the document as just read with
 * its conflicts (the bridge reads a slice at once); `onWrite` is told before anything is written.
 */
export async function resolveConflicts(local: PouchDatabase, codec: DocCodec, id: string, read?: PouchDoc, onWrite?: () => void): Promise<boolean> {
  const current = read ?? (await local.get(id, { conflicts: true }));
  const others = current._conflicts ?? [];
  if (others.length === 0) return false;
  const candidates: { rev: string; version: DocVersion; doc: PouchDoc }[] = [];
  for (const rev of [current._rev!, ...others]) {
    const doc = await local.get(id, { rev, attachments: true });
    const opened = await codec.open(doc);
    if (opened && opened.body.type !== 'deleted') candidates.push({ rev, version: opened.version, doc });
  }
  if (candidates.length === 0) return false;
  const winner = candidates.reduce((best, next) => (compareVersions(next.version, best.version) > 0 ? next : best));
  const writes: PouchDoc[] = [];
  if (winner.rev !== current._rev) {
    const { _rev, _conflicts, ...content } = winner.doc;
    writes.push({ ...content, _id: id, _rev: current._rev });
  }
  writes.push(...others.map((rev) => ({ _id: id, _rev: rev, _deleted: true })));
  onWrite?.();
  for (const write of writes) {
    // Another device (or tab) may have written this very revision first: deterministic ids make it a 409, and the same result.
    await local.put(write).catch(() => undefined);
  }
  return true;
}
