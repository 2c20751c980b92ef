// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyRestore, previewRestore } from '../../../src/chat/backup/restore';
import { createMemoryPersistence } from '../../../src/chat/persistence/memory-persistence';
import { startOpenAiServer, type OpenAiServer } from '../../support/openai-server/index.mjs';
import { writeBackup } from '../../../src/chat/backup/write-backup';
import { backupDoc, connectionsOver, restore } from './backup-fixtures';

/**
 * Issue 20, finding 4: a restored connection is checked as one typed in Settings, listed in the
 * preview, and contacted only after the user confirmed its address. Two real servers count the
 * requests they get.
 */

let confirmedServer: OpenAiServer;
let otherServer: OpenAiServer;
beforeAll(async () => {
  [confirmedServer, otherServer] = await Promise.all([startOpenAiServer({ models: ['m-one'] }), startOpenAiServer({ models: ['m-two'] })]);
});
afterAll(async () => {
  await Promise.all([confirmedServer?.close(), otherServer?.close()]);
});

const modelRequests = (server: OpenAiServer) => server.requests.filter((request) => request.path.endsWith('/models')).length;

describe('restored connections', () => {
  it('are contacted only once confirmed, and only the confirmed ones; keys only with them', async () => {
    confirmedServer.reset();
    otherServer.reset();
    const target = createMemoryPersistence();
    await target.putSetting('connections', [{ id: 'mine', name: 'Server', kind: 'custom', baseUrl: 'http://127.0.0.1:9/v1', pending: true }]);
    const doc = backupDoc(
      [{ chat: { id: 'c1', title: 'T', titleSource: 'auto', createdAt: 1, updatedAt: 1, pinned: false, model: 'mine/m-one' }, messages: [], attachments: [] }],
      {
        includesApiKeys: true,
        settings: { defaultModel: 'mine/m-one' },
        connections: [
          // Its id is taken here (by another server): it is added under a new id, and the chat's model follows it.
          { id: 'mine', name: 'Server', kind: 'custom', baseUrl: confirmedServer.url },
          { id: 'other', name: 'Other', kind: 'openai', baseUrl: otherServer.url, apiKey: 'sk-other', apiKeyUrl: otherServer.url },
          { id: 'bad', name: 'Bad', kind: 'custom', baseUrl: 'javascript:fetch("//evil")' },
        ],
      },
    );
    const connections = connectionsOver(target);
    await connections.init();
    const preview = await previewRestore(target, JSON.stringify(doc), connections.getSnapshot().connections);
    expect(preview.plan.connections.map(({ action, name, address, hasKey }) => ({ action, name, address, hasKey }))).toEqual([
      { action: 'new', name: 'Server 2', address: confirmedServer.url, hasKey: false },
      { action: 'new', name: 'Other', address: otherServer.url, hasKey: true },
      { action: 'refused', name: 'Bad', address: 'javascript:fetch("//evil")', hasKey: false },
    ]);
    expect(preview.plan.connections[2]!.reason).toBe('protocol');
    // The preview asked nothing of anyone.
    expect([modelRequests(confirmedServer), modelRequests(otherServer)]).toEqual([0, 0]);

    const outcome = await applyRestore(target, preview, {
      announce: () => {},
      confirmed: new Set([0]),
      addConnection: (connection) => {
        const added = connections.add(connection);
        if (!added.ok) throw new Error(added.error);
      },
    });
    expect(outcome).toMatchObject({ chats: 1, connections: 1, connectionsLeftOut: 2 });
    await connections.flush();

    // The app after a reload: a new store reads what was stored and lists every connection's models.
    const reloaded = connectionsOver(target);
    await reloaded.init();
    const stored = reloaded.getSnapshot().connections;
    await Promise.all(stored.map((c) => reloaded.refreshModels(c.id)));
    expect(modelRequests(confirmedServer)).toBeGreaterThan(0);
    expect(modelRequests(otherServer)).toBe(0);
    expect(stored.map((c) => c.name)).toEqual(['Server', 'Server 2']);
    const restored = stored[1]!;
    expect(restored.id).not.toBe('mine');
    expect(restored.baseUrl).toBe(confirmedServer.url);
    expect(reloaded.getSnapshot().models[restored.id]).toMatchObject({ status: 'ready', ids: ['m-one'] });
    expect(JSON.stringify(await target.getSetting('connections'))).not.toContain('sk-other');
    // The chat and the default model name the restored connection by its id here.
    expect((await target.getChat('c1'))?.model).toBe(`${restored.id}/m-one`);
    expect(await target.getSetting('defaultModel')).toBe(`${restored.id}/m-one`);
  });

  it('a confirmed connection keeps the key the backup had, bound to the address confirmed', async () => {
    otherServer.reset();
    const target = createMemoryPersistence();
    const doc = backupDoc([], {
      includesApiKeys: true,
      connections: [{ id: 'other', name: 'Other', kind: 'openai', baseUrl: otherServer.url, apiKey: 'sk-other', apiKeyUrl: 'https://elsewhere.example/v1' }],
    });
    const connections = connectionsOver(target);
    await connections.init();
    const preview = await previewRestore(target, JSON.stringify(doc), connections.getSnapshot().connections);
    await applyRestore(target, preview, { announce: () => {}, confirmed: new Set([0]), addConnection: (c) => void connections.add(c) });
    await connections.flush();
    expect(await target.getSetting('connections')).toEqual([{ id: 'other', name: 'Other', kind: 'openai', baseUrl: otherServer.url, apiKey: 'sk-other', apiKeyUrl: otherServer.url }]);
    await connections.refreshModels('other');
    const sent = otherServer.requests.find((request) => request.path.endsWith('/models'));
    expect(sent?.headers.authorization).toBe('Bearer sk-other');
  });

  it('keeps a connection’s API format and its “keep replies” choice (issue 27); an unknown format is not restored', async () => {
    const target = createMemoryPersistence();
    const doc = backupDoc([], {
      connections: [
        { id: 'claude', name: 'Claude', kind: 'custom', baseUrl: 'https://api.anthropic.com/v1', api: 'anthropic' },
        { id: 'oai', name: 'OpenAI (Responses)', kind: 'openai', baseUrl: 'https://api.openai.com/v1', api: 'responses', storeResponses: true },
        { id: 'odd', name: 'Odd', kind: 'custom', baseUrl: 'http://127.0.0.1:9/v1', api: 'gemini' },
      ],
    });
    const connections = connectionsOver(target);
    await connections.init();
    const preview = await previewRestore(target, JSON.stringify(doc), connections.getSnapshot().connections);
    await applyRestore(target, preview, { announce: () => {}, confirmed: new Set([0, 1, 2]), addConnection: (c) => void connections.add(c) });
    await connections.flush();
    const stored = (await target.getSetting('connections')) as Record<string, unknown>[];
    expect(stored.map(({ id, api, storeResponses }) => ({ id, api, storeResponses }))).toEqual([
      { id: 'claude', api: 'anthropic', storeResponses: undefined },
      { id: 'oai', api: 'responses', storeResponses: true },
      { id: 'odd', api: undefined, storeResponses: undefined },
    ]);
  });

  it('keeps a connection’s requests at once (issue 38) through a backup and its restore; Automatic stays Automatic', async () => {
    const source = createMemoryPersistence();
    await source.putSetting('connections', [
      { id: 'slow', name: 'One-slot box', kind: 'llamacpp', baseUrl: 'http://127.0.0.1:9/v1', maxConcurrent: 1 },
      { id: 'wide', name: 'Four at once', kind: 'custom', baseUrl: 'http://127.0.0.1:10/v1', maxConcurrent: 4 },
      { id: 'auto', name: 'Automatic', kind: 'ollama', baseUrl: 'http://127.0.0.1:11/v1' },
    ]);
    const text = await (await writeBackup(source)).blob.text();
    expect(JSON.parse(text).connections.map((c: { maxConcurrent?: number }) => c.maxConcurrent)).toEqual([1, 4, undefined]);
    const target = createMemoryPersistence();
    await restore(target, text, { confirmed: [0, 1, 2] });
    const stored = (await target.getSetting('connections')) as Record<string, unknown>[];
    expect(stored.map(({ id, maxConcurrent }) => ({ id, maxConcurrent }))).toEqual([
      { id: 'slow', maxConcurrent: 1 },
      { id: 'wide', maxConcurrent: 4 },
      { id: 'auto', maxConcurrent: undefined },
    ]);
    expect(stored[2]).not.toHaveProperty('maxConcurrent');
  });
});
