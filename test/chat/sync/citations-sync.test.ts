// @vitest-environment node
// Issue 37: a reply's citations and searches and a search tool's sources travel between two
// devices through the real CouchDB-protocol test server, in the clear and end-to-end encrypted.
import { afterEach, describe, expect, it } from 'vitest';
import { startCouchServer, type CouchServer } from '../../support/couch-server/index.mjs';
import { chat, device, eventually, message, type Device } from './two-devices';

let couch: CouchServer;
const devices: Device[] = [];
afterEach(async () => {
  for (const one of devices.splice(0)) await one.handle.stop();
  await couch?.close();
});

describe.each([['plain', undefined], ['encrypted', 'correct horse battery staple']])('citations through sync (%s)', (_name, passphrase) => {
  it('arrive on the other device as they were stored', async () => {
    couch = await startCouchServer();
    for (let i = 0; i < 2; i += 1) devices.push(await device({ url: couch.url, db: 'parley', auth: { kind: 'none' }, ...(passphrase && { passphrase }) }));
    const [a, b] = devices as [Device, Device];
    const c = chat({ title: 'Searching' });
    const question = message(c.id, { content: 'What is new?' });
    const reply = message(c.id, {
      parentId: question.id,
      role: 'assistant',
      content: 'Version 2 shipped.',
      createdAt: question.createdAt + 1,
      citations: [{ url: 'https://example.com/a', title: 'Release notes', citedText: 'Version 2', start: 0, end: 18 }, { url: 'https://example.org/b' }],
      searches: [{ id: 'ws_1', query: 'version 2', status: 'done', results: 8 }],
      toolCalls: [{ index: 0, id: 'call1', name: 'web_search', arguments: '{}', state: 'done' }],
    });
    const result = message(c.id, { parentId: reply.id, role: 'tool', toolCallId: 'call1', content: '[1] Release notes', createdAt: question.createdAt + 2, sources: [{ url: 'https://example.com/a', title: 'Release notes', citedText: 'Snippet' }] });
    await a.persistence.createChat({ ...c, currentLeafId: result.id }, [question, reply, result]);
    await a.handle.exportChat(c.id);
    await eventually(async () => {
      const rows = await b.persistence.listMessages(c.id);
      expect(rows.find((m) => m.id === reply.id)).toEqual(reply);
      expect(rows.find((m) => m.id === result.id)).toEqual(result);
    });
    if (passphrase) expect(JSON.stringify(await couch.rawDocs('parley'))).not.toContain('example.com');
  }, 30_000);
});
