// Issue 38: an Open WebUI multi-model turn (one question sent to several models at once; each
// reply carries its model, modelName, modelIdx, all stamped the same second) imports as sibling
// replies under the one question, each with its model, on the branch Open WebUI showed; the
// stored chat keeps them through Parley's JSON export and through a backup and its restore.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { buildChatExport } from '../../../src/chat/backup/export';
import { writeBackup } from '../../../src/chat/backup/write-backup';
import { previewImport, runImport } from '../../../src/chat/import';
import { parseFiles } from '../../../src/chat/import/parse-files';
import { childrenOf, indexMessages, threadPath } from '../../../src/chat/shapes/tree';
import { createMemoryPersistence } from '../../../src/chat/persistence/memory-persistence';
import type { ChatPersistence } from '../../../src/chat';
import { persistences } from '../store-harness';
import { restore } from '../backup/backup-fixtures';
import { fixture, fixtureText, textFile } from './import-files';

const FILE = 'openwebui/multi-model.json';
/** The fixture's message ids (Open WebUI's uuid4s), by their place in the chat. */
const id = (n: number) => `9b1c6a3e-000${n}-4c1e-9a51-2f0c3b7d1a10`;
const [Q1, LLAMA1, QWEN1, Q2, LLAMA2, QWEN2] = [1, 2, 3, 4, 5, 6].map(id);
const T = 1_730_000_000_000;

describe('Open WebUI multi-model turns: parsed', () => {
  it('gives each model’s reply as a sibling under the one question, with its model, and Open WebUI’s current branch', async () => {
    const { chats, formats, skipped } = await parseFiles([fixture(FILE)]);
    expect(formats).toEqual(['openwebui']);
    expect(chats).toHaveLength(1);
    const [chat] = chats;
    expect(chat!.messages.map((m) => [m.sourceId, m.parentSourceId, m.role, m.model])).toEqual([
      [Q1, null, 'user', undefined],
      [LLAMA1, Q1, 'assistant', 'llama3.1:8b'],
      [QWEN1, Q1, 'assistant', 'qwen2.5:7b'],
      // The user went on from the second model's answer.
      [Q2, QWEN1, 'user', undefined],
      [LLAMA2, Q2, 'assistant', 'llama3.1:8b'],
      [QWEN2, Q2, 'assistant', 'qwen2.5:7b'],
    ]);
    // Both replies of a turn were stamped the same second.
    expect(chat!.messages.map((m) => m.createdAt - T)).toEqual([1000, 2000, 2000, 60_000, 61_000, 61_000]);
    // currentId: the first model's reply of the second turn (not the newest, not the last listed).
    expect(chat!.currentLeafSourceId).toBe(LLAMA2);
    expect(skipped).toMatchObject({ system: 0, empty: 0 });
  });
});

/** The stored chat: the replies to each question as [model, content, status], the model the second question follows, the current thread. */
async function storedShape(persistence: ChatPersistence) {
  const [chat] = await persistence.listChats();
  const messages = await persistence.listMessages(chat!.id);
  const index = indexMessages(messages);
  const question = (text: string) => messages.find((m) => m.role === 'user' && m.content.startsWith(text))!;
  const repliesTo = (text: string) => childrenOf(index, question(text).id).map((m) => [m.model, m.content, m.status]);
  return {
    chat: chat!,
    messages,
    first: repliesTo('Which is faster'),
    second: repliesTo('Show the polars'),
    followsFrom: messages.find((m) => m.id === question('Show the polars').parentId)?.model,
    thread: threadPath(index, chat!.currentLeafId).map((m) => m.model ?? m.role),
  };
}

const EXPECTED = {
  first: [
    ['llama3.1:8b', 'Polars, usually: it is multi-threaded and can stream the file lazily with `scan_csv`.', 'complete'],
    ['qwen2.5:7b', 'Polars. Pandas reads the whole file into memory on one core; polars reads in parallel.', 'complete'],
  ],
  second: [
    ['llama3.1:8b', "```python\nimport polars as pl\ndf = pl.scan_csv('data.csv').collect(streaming=True)\n```", 'complete'],
    ['qwen2.5:7b', "```python\nimport polars as pl\nout = pl.scan_csv('data.csv').group_by('id').agg(pl.len()).collect()\n```", 'complete'],
  ],
  followsFrom: 'qwen2.5:7b',
  thread: ['user', 'qwen2.5:7b', 'user', 'llama3.1:8b'],
};

describe('Open WebUI multi-model turns: sibling order', () => {
  it('follows the question’s childrenIds (the models’ order), whatever order the messages are stored in', async () => {
    const [raw] = JSON.parse(fixtureText(FILE)) as { chat: { history: { messages: Record<string, unknown> } } }[];
    // As a store that keeps keys in another order (reversed here) would give them back.
    raw!.chat.history.messages = Object.fromEntries(Object.entries(raw!.chat.history.messages).reverse());
    const persistence = createMemoryPersistence();
    await runImport(await previewImport([textFile(JSON.stringify([raw]), 'reordered.json')], { persistence }), { persistence });
    expect(await storedShape(persistence)).toMatchObject(EXPECTED);
  });
});

describe.each(persistences)('Open WebUI multi-model turns: stored (%s)', (_name, open) => {
  it('are siblings in the order Open WebUI listed the models, on its current branch; the JSON export and a backup keep them', async () => {
    const persistence = await open();
    await runImport(await previewImport([fixture(FILE)], { persistence }), { persistence });
    const stored = await storedShape(persistence);
    expect(stored).toMatchObject(EXPECTED);
    expect(stored.messages).toHaveLength(6);

    // Parley's JSON export of the chat: every sibling with its model, and the current leaf.
    const exported = JSON.parse(JSON.stringify(buildChatExport(stored.chat, stored.messages, 0)));
    expect(exported.chat.currentLeafId).toBe(stored.chat.currentLeafId);
    const exportedIndex = indexMessages(exported.messages);
    const q1 = exported.messages.find((m: { content: string }) => m.content.startsWith('Which is faster'));
    expect(childrenOf(exportedIndex, q1.id).map((m) => m.model)).toEqual(['llama3.1:8b', 'qwen2.5:7b']);
    expect(threadPath(exportedIndex, exported.chat.currentLeafId).map((m) => m.model ?? m.role)).toEqual(EXPECTED.thread);

    // A backup of it, restored elsewhere: the same rows.
    const text = await (await writeBackup(persistence)).blob.text();
    const target = createMemoryPersistence();
    await restore(target, text);
    const restored = await storedShape(target);
    expect(restored).toMatchObject(EXPECTED);
    expect(restored.messages).toEqual(stored.messages);
    expect(restored.chat.currentLeafId).toBe(stored.chat.currentLeafId);
  });
});
