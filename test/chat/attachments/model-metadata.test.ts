import { describe, expect, it } from 'vitest';
import { contextLengthOf, contextLengthOfProps, exceedsContext, modelEntry } from '../../../src/chat/attachments/context-window';
import { acceptsImages, visionRejection } from '../../../src/chat/attachments/vision-errors';

describe('visionRejection', () => {
  // Texts as servers send them (sources in vision-errors.ts).
  it.each([
    [400, 'Invalid content type. image_url is only supported by certain models.'],
    [500, 'image input is not supported - hint: if this is unexpected, you may need to provide the mmproj'],
    [500, 'image input is not supported by this server'],
    [400, 'this model does not support image input'],
    [400, 'Model does not support images. Please use a model that does.'],
    [400, 'facebook/opt-125m is not a multimodal model None'],
    [400, 'json: cannot unmarshal array into Go struct field Message.messages.content of type string'],
    [undefined, "The server was not compiled for multimodal or the model projector can't be loaded."],
  ])('a %s saying "%s" means the model takes no pictures', (status, message) => {
    expect(visionRejection(status, message)).toBe('model-rejects-images');
  });

  it.each([
    [400, 'maximum context length is 4096 tokens'],
    [401, 'Incorrect API key provided'],
    [200, 'does not support image input'],
    [400, undefined],
  ])('a %s saying "%s" is some other failure', (status, message) => {
    expect(visionRejection(status, message)).toBeUndefined();
  });
});

describe('acceptsImages', () => {
  it.each([
    [{ id: 'openai/gpt-4o', architecture: { input_modalities: ['text', 'image'] } }, true],
    [{ id: 'x', architecture: { input_modalities: ['text'] } }, false],
    [{ name: 'gemma3', capabilities: ['completion', 'vision'] }, true],
    [{ name: 'm', capabilities: ['completion', 'multimodal'] }, true],
    [{ name: 'llama3', capabilities: ['completion'] }, false],
    [{ id: 'qwen2-vl', type: 'vlm' }, true],
    [{ id: 'qwen2', type: 'llm' }, false],
    [{ id: 'gpt-4o', object: 'model' }, undefined],
    ['gpt-4o', undefined],
  ])('%o → %s', (entry, expected) => expect(acceptsImages(entry)).toBe(expected));
});

describe('context length', () => {
  it.each([
    [{ id: 'm', meta: { n_ctx_train: 131072, n_vocab: 1 } }, 131072],
    [{ id: 'm', context_length: 200000, top_provider: { context_length: 128000 } }, 200000],
    [{ id: 'm', top_provider: { context_length: 128000 } }, 128000],
    [{ id: 'm', max_context_length: 32768, loaded_context_length: 8192 }, 8192],
    [{ id: 'm', max_context_length: 32768 }, 32768],
    [{ id: 'm', max_model_len: 16384 }, 16384],
    [{ id: 'gpt-4o', object: 'model' }, undefined],
    [{ id: 'm', context_length: 0 }, undefined],
    [{ id: 'm', context_length: '4096' }, undefined],
  ])('%o → %s', (entry, expected) => expect(contextLengthOf(entry)).toBe(expected));

  it('reads what a llama.cpp server loaded from /props', () => {
    expect(contextLengthOfProps({ default_generation_settings: { n_ctx: 4096 }, total_slots: 1 })).toBe(4096);
    expect(contextLengthOfProps({})).toBeUndefined();
  });

  it('finds a model entry in each list shape', () => {
    const entry = { id: 'b', max_model_len: 5 };
    expect(modelEntry({ data: [{ id: 'a' }, entry] }, 'b')).toBe(entry);
    expect(modelEntry({ models: [{ name: 'b' }] }, 'b')).toEqual({ name: 'b' });
    expect(modelEntry([{ model: 'b' }], 'b')).toEqual({ model: 'b' });
    expect(modelEntry({ data: [] }, 'b')).toBeUndefined();
  });

  it('warns only when an estimate is over a known context', () => {
    expect(exceedsContext(4097, 4096)).toBe(true);
    expect(exceedsContext(4096, 4096)).toBe(false);
    expect(exceedsContext(1e9, undefined)).toBe(false);
  });
});
