// @vitest-environment node
// Issue 37: a reply's citations and searches, and a search tool's sources, are part of the
// message: a JSON export and a backup keep them as stored, a restore gives them back, and a
// hostile citation restores too (kept as data; citationsOf cleans it before anything shows it).
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { buildChatExport } from '../../../src/chat/backup/export';
import { writeBackup } from '../../../src/chat/backup/write-backup';
import { citationsOf } from '../../../src/chat/shapes/citations';
import type { Message } from '../../../src/chat/types';
import { chat, message } from '../fixtures';
import { persistences } from '../store-harness';
import { restore } from './backup-fixtures';

export const citedThread: Message[] = [
  message('u1', null, 1, { role: 'user', content: 'What is new?' }),
  message('a1', 'u1', 2, {
    content: 'Version 2 shipped. It is fast.',
    citations: [
      { url: 'https://example.com/a', title: 'Release notes', citedText: 'Version 2 shipped', start: 0, end: 18 },
      { url: 'https://example.org/b', title: 'Benchmarks' },
    ],
    searches: [{ id: 'ws_1', query: 'version 2 release', status: 'done', results: 8 }, { id: 'ws_2', url: 'https://example.com/a', status: 'failed', error: 'too_many_requests' }],
    toolCalls: [{ index: 0, id: 'call1', name: 'web_search', arguments: '{"query":"v2"}', state: 'done' }],
  }),
  message('t1', 'a1', 3, { role: 'tool', toolCallId: 'call1', content: '[1] Release notes', sources: [{ url: 'https://example.com/a', title: 'Release notes', citedText: 'Snippet' }] }),
];

/** Hostile citations as a provider or a doctored file might carry them. */
const hostile: Message = message('a1', 'u1', 2, {
  content: 'Short.',
  citations: [
    { url: 'javascript:alert(1)', title: 'x', start: 0, end: 3 },
    { url: 'https://ok.example/', title: '<img src=x onerror=alert(1)>\u202e]](evil)', start: 0, end: 999 },
    'not a citation',
    { url: 'https://ok.example/2', start: 2, end: 1 },
  ] as unknown as Message['citations'],
  searches: [{ nonsense: true }] as unknown as Message['searches'],
});

describe('citations in a JSON export', () => {
  it('are written as stored, on every message that has them', () => {
    const doc = JSON.parse(JSON.stringify(buildChatExport(chat('c1', 3, { currentLeafId: 't1' }), citedThread, 0)));
    expect(doc.messages).toEqual(citedThread);
    expect(doc.messages[1].citations).toHaveLength(2);
    expect(doc.messages[1].searches).toHaveLength(2);
    expect(doc.messages[2].sources).toHaveLength(1);
  });
});

describe.each(persistences)('citations through backup and restore (%s)', (_name, open) => {
  it('come back as they were: citations and searches of a reply, sources of a tool result', async () => {
    const source = await open();
    await source.createChat(chat('c1', 3, { currentLeafId: 't1' }), citedThread);
    const text = await (await writeBackup(source, { now: () => 0 })).blob.text();
    const target = await open();
    await restore(target, text, { confirmed: [0] });
    const restored = await target.listMessages('c1');
    expect(restored).toEqual(await source.listMessages('c1'));
    expect(restored.find((m) => m.id === 'a1')).toMatchObject({ citations: citedThread[1]!.citations, searches: citedThread[1]!.searches });
    expect(restored.find((m) => m.id === 't1')?.sources).toEqual(citedThread[2]!.sources);
  });

  it('a chat with hostile citations restores whole; the cleaner shows only the safe ones', async () => {
    const source = await open();
    await source.createChat(chat('c1', 3, { currentLeafId: 'a1' }), [citedThread[0]!, hostile]);
    const text = await (await writeBackup(source, { now: () => 0 })).blob.text();
    const target = await open();
    await restore(target, text, { confirmed: [0] });
    const restored = (await target.listMessages('c1')).find((m) => m.id === 'a1')!;
    expect(restored.citations).toEqual(hostile.citations);
    expect(citationsOf(restored)).toEqual([{ url: 'https://ok.example/', title: '<img src=x onerror=alert(1)> ]](evil)' }, { url: 'https://ok.example/2' }]);
  });
});
