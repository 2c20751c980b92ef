import type { PouchDatabase, PouchDoc } from 'pouchdb-core';
import { compareVersions, type DocCodec, type DocVersion } from './doc-codec';
import { stableJson, type DocBody } from './sync-docs';

/**
 * Two devices changed one document while apart: CouchDB keeps both revisions and picks one
 * arbitrarily (but the same everywhere). Parley's rule: the latest change (the body's
 * `changedAt`, its version) wins, a tie goes to the higher revision id (encrypted: the higher
 * ciphertext tag, the same order the device's version ledger keeps). A chat row is merged field
 * by field first (mergeFields): a rename on one device and a pin on the other both survive; only
 * a field both changed goes to the latest. The result is written on top of CouchDB's pick and the
 * other leaves are deleted: they stay in the revision history. Revision ids are deterministic, so
 * two devices resolving the same conflict write the same revisions and agree (encrypted, a merged
 * body is a new ciphertext on each device: the two merged revisions then conflict, say the same,
 * and the next round keeps the winner's as it is). True when something was written.
 */

type Row = Record<string, unknown>;

/**
 * The three-way merge of one row: for each field, the value of the latest version that changed it
 * from `base` (the revision every version descends from), or `base`'s when none did. `versions`
 * are newest first.
 */
export function mergeFields(base: Row, versions: readonly Row[]): Row {
  const merged: Row = {};
  const fields = new Set([base, ...versions].flatMap((row) => Object.keys(row)));
  for (const field of fields) {
    const before = stableJson(base[field]);
    const changer = versions.find((row) => stableJson(row[field]) !== before);
    const value = changer ? changer[field] : base[field];
    if (value !== undefined) merged[field] = value;
  }
  return merged;
}

interface Candidate {
  rev: string;
  version: DocVersion;
  doc: PouchDoc;
  body: DocBody;
}

/** The newest revision every candidate descends from (its `_revisions`), read with its body; undefined when there is none or it is gone (compacted). */
async function commonAncestor(local: PouchDatabase, codec: DocCodec, id: string, candidates: readonly Candidate[]): Promise<DocBody | undefined> {
  const histories = candidates.map(({ doc }) => {
    const revisions = doc._revisions as { start: number; ids: string[] } | undefined;
    return new Set(revisions?.ids.map((hash, index) => `${revisions.start - index}-${hash}`) ?? []);
  });
  const [first, ...rest] = histories;
  const shared = [...(first ?? [])].filter((rev) => rest.every((history) => history.has(rev)));
  const newest = shared.sort((a, b) => Number.parseInt(b, 10) - Number.parseInt(a, 10))[0];
  if (!newest) return undefined;
  const doc = await local.get(id, { rev: newest }).catch(() => undefined);
  const opened = doc && !doc._deleted ? await codec.open(doc) : undefined;
  return opened && opened.body.type !== 'deleted' ? opened.body : undefined;
}

/** A chat row merged field by field, when the versions' common ancestor is at hand and the merge differs from the winner's row. */
async function mergedChat(local: PouchDatabase, codec: DocCodec, id: string, candidates: Candidate[], winner: Candidate): Promise<DocBody | undefined> {
  if (winner.body.type !== 'chat' || candidates.some((candidate) => candidate.body.type !== 'chat')) return undefined;
  const base = await commonAncestor(local, codec, id, candidates);
  if (base?.type !== 'chat') return undefined;
  const newestFirst = [...candidates].sort((a, b) => compareVersions(b.version, a.version));
  const chat = mergeFields(base.chat as unknown as Row, newestFirst.map((candidate) => (candidate.body as DocBody & { type: 'chat' }).chat as unknown as Row));
  if (stableJson(chat) === stableJson(winner.body.chat)) return undefined;
  // Past every version merged, and the same on every device that merges the same revisions.
  return { type: 'chat', changedAt: newestFirst[0]!.version.at + 1, chat: chat as unknown as typeof winner.body.chat };
}

export async function resolveConflicts(local: PouchDatabase, codec: DocCodec, id: string, read?: PouchDoc, onWrite?: () => void): Promise<boolean> {
  const current = read ?? (await local.get(id, { conflicts: true }));
  const others = current._conflicts ?? [];
  if (others.length === 0) return false;
  const candidates: Candidate[] = [];
  for (const rev of [current._rev!, ...others]) {
    const doc = await local.get(id, { rev, attachments: true, revs: true });
    const opened = await codec.open(doc);
    if (opened && opened.body.type !== 'deleted') candidates.push({ rev, version: opened.version, doc, body: opened.body });
  }
  if (candidates.length === 0) return false;
  const winner = candidates.reduce((best, next) => (compareVersions(next.version, best.version) > 0 ? next : best));
  const writes: PouchDoc[] = [];
  const merged = candidates.length > 1 ? await mergedChat(local, codec, id, candidates, winner) : undefined;
  if (merged) {
    writes.push({ _id: id, _rev: current._rev, ...(await codec.encode(id, merged)) });
  } else if (winner.rev !== current._rev) {
    const { _rev, _conflicts, _revisions, ...content } = winner.doc;
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
