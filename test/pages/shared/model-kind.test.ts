import { afterEach, describe, expect, it } from 'vitest';
import { resetConnectionsStore } from '../../../src/chat/connections';
import { modelKind } from '../../../src/pages/shared';
import { makeConnectionsStore } from '../../chat/connections/connections-harness';

afterEach(() => resetConnectionsStore());

describe('modelKind', () => {
  it('names the server kind of a model reference, falling back to the default model’s (as routing does)', async () => {
    const { store } = makeConnectionsStore();
    await store.init();
    resetConnectionsStore(store);
    expect(modelKind(undefined)).toBeUndefined();
    const ollama = store.add({ name: 'Ollama', kind: 'ollama', baseUrl: 'http://localhost:11434/v1' });
    const vllm = store.add({ name: 'vLLM', kind: 'vllm', baseUrl: 'http://gpu:8000/v1' });
    if (!ollama.ok || !vllm.ok) throw new Error('not added');
    store.setDefaultModel(`${ollama.connection.id}/llama3.2`);
    expect(modelKind(`${vllm.connection.id}/Qwen/Qwen3-8B`)).toBe('vllm');
    expect(modelKind(undefined)).toBe('ollama');
    expect(modelKind('bare-model-id')).toBe('ollama');
  });
});
