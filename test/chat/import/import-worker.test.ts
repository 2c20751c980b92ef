import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureImport, isImportError, previewImport, runImport, type ImportProgress } from '../../../src/chat/import';
import type { ChatPersistence } from '../../../src/chat/persistence/persistence';
import { createImportClient, ImportWorkerFailed, type ImportWorkerLike } from '../../../src/chat/import/worker-client';
import { serveImport, type ImportPort } from '../../../src/chat/import/worker-host';
import type { ImportCommand, ImportReply } from '../../../src/chat/import/worker-protocol';
import { persistences } from '../store-harness';
import { bigExport, fixture, fixtureText, textFile } from './import-files';

/**
 * The import through its worker protocol: the page's client and the worker's host joined by a
 * wire that delivers each message as a task of its own, as postMessage does. Replies are
 * structured-cloned (they must be plain data); a command's Files pass as they are (a Blob crosses
 * by reference, and happy-dom's Files cannot be cloned by Node).
 */

const [[, openIdb]] = persistences as [[string, () => Promise<ChatPersistence>]];

interface Wire {
  commands: ImportCommand[];
  replies: ImportReply[];
  terminated: number;
}

/** A worker whose other end is worker-host.ts over `persistence`, in this realm. */
function fakeWorker(persistence: ChatPersistence, wire: Wire): ImportWorkerLike {
  let alive = true;
  const host: ImportPort = {
    onmessage: null,
    postMessage(reply) {
      if (!alive) return;
      const copy = structuredClone(reply);
      wire.replies.push(copy);
      setTimeout(() => alive && worker.onmessage?.({ data: copy } as MessageEvent<ImportReply>));
    },
  };
  const worker: ImportWorkerLike = {
    onmessage: null,
    onerror: null,
    postMessage(command) {
      wire.commands.push(command);
      setTimeout(() => alive && host.onmessage?.({ data: command } as MessageEvent<ImportCommand>));
    },
    terminate() {
      alive = false;
      wire.terminated++;
    },
  };
  serveImport(host, async () => ({ persistence, close: () => {} }));
  return worker;
}

function wired(persistence: ChatPersistence) {
  const wire: Wire = { commands: [], replies: [], terminated: 0 };
  let current: ImportWorkerLike | undefined;
  const client = createImportClient(() => (current = fakeWorker(persistence, wire)));
  return { client, commands: wire.commands, replies: wire.replies, terminated: () => wire.terminated, worker: () => current! };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  configureImport({});
});

describe('import in a worker', () => {
  it('previews and imports in the worker; only figures, progress and ids come back', async () => {
    const persistence = await openIdb();
    const { client, replies } = wired(persistence);
    const phases = new Set<ImportProgress['phase']>();
    const onProgress = ({ phase }: ImportProgress) => void phases.add(phase);
    const preview = await client.previewImport([fixture('chatgpt/export.zip')], { persistence, onProgress });
    expect(preview).toMatchObject({ format: 'chatgpt', chats: 3, messages: 11, existing: 0, toImport: { chats: 3, messages: 11, attachments: 2 } });
    expect(preview.skipped).toEqual({ count: 5, why: { hidden: 2, system: 1, tool: 2, empty: 0 } });
    expect(await persistence.listChats()).toEqual([]);

    const result = await client.runImport(preview, { persistence, onProgress });
    expect(result).toMatchObject({ chats: 3, messages: 11, attachments: 2, existing: 0 });
    expect([...phases].sort()).toEqual(['preparing', 'reading', 'writing']);
    const stored = await persistence.listChats();
    expect(stored.map((chat) => chat.id).sort()).toEqual([...result.chatIds].sort());
    expect(stored.find((chat) => chat.title === 'Trip plan')).toMatchObject({ source: { app: 'chatgpt', id: 'conv-trip-0001' } });
    // The chats stayed in the worker: no answer carries a message's text.
    expect(JSON.stringify(replies)).not.toContain('Plan a three-day trip');

    // Running the same preview again adds nothing, as on the page.
    expect(await client.runImport(preview, { persistence })).toMatchObject({ chats: 0, existing: 3, chatIds: [] });
    expect(await client.previewImport([fixture('chatgpt/export.zip')], { persistence })).toMatchObject({ existing: 3, toImport: { chats: 0 } });
  });

  it('passes an ImportError back with its code, params and problem', async () => {
    const persistence = await openIdb();
    const { client } = wired(persistence);
    const text = fixtureText('chatgpt/conversations.json');
    const truncated = client.previewImport([textFile(text.slice(0, text.length / 2), 'conversations.json')], { persistence });
    await expect(truncated).rejects.toSatisfy(isImportError);
    await expect(truncated).rejects.toMatchObject({ code: 'truncated-json', params: { file: 'conversations.json' } });
    const broken = JSON.stringify([{ id: 'x', title: 'Loop', mapping: { a: { parent: 'b', message: null }, b: { parent: 'a', message: null } } }]);
    await expect(client.previewImport([textFile(broken, 'conversations.json')], { persistence })).rejects.toMatchObject({
      code: 'invalid-entry',
      params: { file: 'conversations.json', index: 1, title: 'Loop' },
      problem: { code: 'parent-cycle' },
    });
  });

  it('cancels a write in the worker and settles only once it is rolled back', async () => {
    const persistence = await openIdb();
    const { client, replies } = wired(persistence);
    const preview = await client.previewImport([bigExport(60, 40)], { persistence });
    // A clock that moves 1 ms per reading: the write takes many slices on any machine.
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (clock += 1));
    const controller = new AbortController();
    const reason = new DOMException('Cancelled', 'AbortError');
    let abortedAt = 0;
    const outcome = client.runImport(preview, {
      persistence,
      signal: controller.signal,
      onProgress: ({ phase, done, total }) => {
        if (phase !== 'writing' || done === 0 || done === total || abortedAt) return;
        abortedAt = done;
        controller.abort(reason);
      },
    });
    await expect(outcome).rejects.toBe(reason);
    expect(abortedAt).toBeGreaterThan(0);
    expect(replies.at(-1)).toMatchObject({ type: 'error', error: { kind: 'aborted' } });
    expect(await persistence.listChats()).toEqual([]);
    // The preview is still held: the import can be run again after a cancel.
    vi.restoreAllMocks();
    expect(await client.runImport(preview, { persistence })).toMatchObject({ chats: 60, messages: 2400 });
  });

  it('cancels a preview at once, tells the worker, and stops it when it holds nothing', async () => {
    const persistence = await openIdb();
    const { client, commands, terminated } = wired(persistence);
    const controller = new AbortController();
    const reading = client.previewImport([bigExport(200, 10)], { persistence, signal: controller.signal });
    controller.abort(new DOMException('Cancelled', 'AbortError'));
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
    expect(commands.map((command) => command.type)).toEqual(['preview', 'cancel']);
    expect(terminated()).toBe(1);
    await expect(client.previewImport([fixture('claude/conversations.json')], { persistence, signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('says when the worker died, for what was running and for the previews it held', async () => {
    const persistence = await openIdb();
    const { client, worker } = wired(persistence);
    const preview = await client.previewImport([fixture('claude/conversations.json')], { persistence });
    const running = client.previewImport([bigExport(50, 10)], { persistence });
    worker().onerror?.(new Event('error'));
    await expect(running).rejects.toBeInstanceOf(ImportWorkerFailed);
    await expect(client.runImport(preview, { persistence })).rejects.toBeInstanceOf(ImportWorkerFailed);
    await expect(client.runImport({ ...preview }, { persistence })).rejects.toBeInstanceOf(TypeError);
  });

  it('is where the public API runs once configured, for chats in IndexedDB only', async () => {
    const persistence = await openIdb();
    const wire: Wire = { commands: [], replies: [], terminated: 0 };
    const started: unknown[][] = [];
    vi.stubGlobal('Worker', function (this: unknown, ...args: unknown[]) {
      started.push(args);
      return fakeWorker(persistence, wire);
    });
    configureImport({ workerUrl: 'https://parley.test/assets/import-worker-X.js' });
    const preview = await previewImport([fixture('claude/conversations.json')], { persistence });
    expect(started).toEqual([['https://parley.test/assets/import-worker-X.js', { type: 'module' }]]);
    expect(await runImport(preview, { persistence })).toMatchObject({ chats: preview.toImport.chats, existing: 0 });
    expect(wire.commands.map((command) => command.type)).toEqual(['preview', 'run']);

    // Memory storage lives in this page: the worker could not reach it.
    const memory = await persistences[1]![1]();
    const onPage = await previewImport([fixture('claude/conversations.json')], { persistence: memory });
    expect(await runImport(onPage, { persistence: memory })).toMatchObject({ chats: preview.toImport.chats });
    expect(wire.commands).toHaveLength(2);
    expect(await memory.listChats()).toHaveLength(preview.toImport.chats);
  });
});
