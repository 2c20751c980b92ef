import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contextLengthOf, contextLengthOfOllamaShow, contextLengthOfProps, modelEntry } from '../../../src/chat/attachments/context-window';

// Each server's real response shape, as test/fixtures/context holds a sample of it.
const sample = (name: string): unknown => JSON.parse(readFileSync(path.join(__dirname, '../../fixtures/context', name), 'utf8'));

describe('context figures from each server’s answer', () => {
  it('Ollama /api/show: num_ctx in the parameters is what runs, over what the model was trained for', () => {
    expect(contextLengthOfOllamaShow(sample('ollama-show-num-ctx.json'))).toBe(8192);
  });

  it('Ollama /api/show without num_ctx: model_info["<architecture>.context_length"]', () => {
    expect(contextLengthOfOllamaShow(sample('ollama-show.json'))).toBe(131072);
  });

  it('Ollama /api/show of no known shape: nothing', () => {
    expect(contextLengthOfOllamaShow({ error: "model 'x' not found" })).toBeUndefined();
    expect(contextLengthOfOllamaShow({ parameters: 'num_ctx 0', model_info: {} })).toBeUndefined();
    expect(contextLengthOfOllamaShow('num_ctx 4096')).toBeUndefined();
  });

  it('llama.cpp /props: the n_ctx it loaded', () => {
    expect(contextLengthOfProps(sample('llama-cpp-props.json'))).toBe(4096);
  });

  it('llama.cpp /v1/models: n_ctx_train from the entry’s meta', () => {
    expect(contextLengthOf(modelEntry(sample('llama-cpp-models.json'), 'qwen2.5-7b-instruct-q4_k_m.gguf'))).toBe(32768);
  });

  it('LM Studio: the loaded context of a loaded model, the maximum of one not loaded', () => {
    const body = sample('lm-studio-models.json');
    expect(contextLengthOf(modelEntry(body, 'qwen2.5-7b-instruct'))).toBe(8192);
    expect(contextLengthOf(modelEntry(body, 'llama-3.2-1b-instruct'))).toBe(131072);
  });

  it('OpenRouter: the model’s context_length', () => {
    expect(contextLengthOf(modelEntry(sample('openrouter-models.json'), 'mistralai/mistral-small-3.2-24b-instruct'))).toBe(131072);
  });

  it('vLLM: max_model_len', () => {
    expect(contextLengthOf(modelEntry(sample('vllm-models.json'), 'Qwen/Qwen2.5-7B-Instruct'))).toBe(16384);
  });
});
