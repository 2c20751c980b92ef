// @vitest-environment node
// Issue 32: a library row its own reader refuses (a project past its limits, made by an older
// version) is never sent for other devices to skip, and never silently: sync names it. Once fixed
// here, it goes out with the change.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { startCouchServer, type CouchServer, type RawCouchDoc } from '../../support/couch-server/index.mjs';
import { MAX_PROJECT_FILES } from '../../../src/chat/library';
import type { LibraryProject } from '../../../src/chat/types';
import { device, eventually, type Device } from './two-devices';

let couch: CouchServer;
let one: Device | undefined;
afterEach(async () => {
  await one?.handle.stop();
  one = undefined;
  await couch?.close();
});

async function serverIds(): Promise<string[]> {
  const response = await fetch(`${couch.url}/parley/_all_docs?include_docs=true`);
  return ((await response.json()) as { rows: { doc: RawCouchDoc }[] }).rows.map((row) => row.doc._id);
}

describe('a library row its own reader refuses', () => {
  it('is not sent and is named in sync’s notices; fixed, it is sent', async () => {
    couch = await startCouchServer();
    one = await device({ url: couch.url, db: 'parley', auth: { kind: 'none' } });
    const files = Array.from({ length: MAX_PROJECT_FILES + 1 }, (_, i) => ({ id: `f${i}`, name: `n${i}.txt`, kind: 'text', size: 1, text: 'x', addedAt: 1 }));
    const over: LibraryProject = { id: 'p-over', kind: 'project', name: 'Too many files', files, createdAt: 1, updatedAt: 2 };
    await one.persistence.putLibrary(over);
    await one.handle.exportLibrary(over.id);
    await eventually(() => expect(one!.refusals).toContainEqual({ kind: 'not-sent', chatId: 'lib:p-over', title: 'Too many files' }));
    expect(await serverIds()).not.toContain('lib:p-over');

    // One file fewer: the row reads, and it goes out.
    await one.persistence.putLibrary({ ...over, files: files.slice(1), updatedAt: 3 });
    await one.handle.exportLibrary(over.id);
    await eventually(async () => expect(await serverIds()).toContain('lib:p-over'));
  });
});
