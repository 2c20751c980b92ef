// An explicit edit (issue 36): a message sent from an artifact's panel carries the artifact's key,
// stored on the message and read back from storage, and its reply's block becomes that artifact's
// next version even when the model names it otherwise.
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryPersistence } from '../../../src/chat/persistence/memory-persistence';
import { readMessageRow } from '../../../src/chat/shapes/row-record';
import { artifactsOf } from '../../../src/chat/sandbox/artifact-versions';
import { createScriptedModel, textSteps } from '../../support/scripted-model';
import { disposeStores, makeStore, messagesOf } from '../store-harness';

afterEach(() => disposeStores());

describe('a change asked from the panel', () => {
  it('is stored with the artifact it revises, and its reply is that artifact’s next version', async () => {
    const persistence = createMemoryPersistence();
    const model = createScriptedModel({
      replies: [textSteps('Here is **index.html**:\n\n```html\n<p>one</p>\n```'), textSteps('Here is **green.html**:\n\n```html\n<p>green</p>\n```')],
    });
    const { store } = makeStore({ persistence, model });
    const { chatId } = await store.createChat({ text: 'A page' });
    expect(store.takePendingReply(chatId)).toBe(true);
    await expect.poll(() => messagesOf(store, chatId).at(-1)?.status).toBe('complete');
    const sources = () => messagesOf(store, chatId).map((m) => ({ id: m.id, role: m.role, content: m.content, complete: m.status === 'complete', ...(m.revises && { revises: m.revises }) }));
    const [page] = artifactsOf(sources());
    await store.sendMessage(chatId, 'Change “index.html”: make it green', { revises: page!.key });
    await expect.poll(() => messagesOf(store, chatId).length).toBe(4);
    await expect.poll(() => messagesOf(store, chatId).at(-1)?.status).toBe('complete');

    const asked = messagesOf(store, chatId)[2]!;
    expect(asked).toMatchObject({ role: 'user', revises: page!.key });
    const stored = (await persistence.listMessages(chatId)).find((m) => m.id === asked.id)!;
    expect(stored.revises).toBe(page!.key);
    expect(readMessageRow(stored)).toMatchObject({ ok: true });
    const artifacts = artifactsOf(sources());
    expect(artifacts).toHaveLength(1);
    expect(artifacts[0]!.versions.map((v) => v.code)).toEqual(['<p>one</p>', '<p>green</p>']);
  });
});
