import { describe, expect, it } from 'vitest';
import { CONTEXT_CALIBRATION_KEY, createContextSettings, MAX_USER_CONTEXT, MODEL_CONTEXTS_KEY } from '../../../src/chat/connections/context-settings';

function harness(initial: Record<string, unknown> = {}) {
  const stored = new Map(Object.entries(initial));
  const settings = createContextSettings({ load: async (key) => structuredClone(stored.get(key)), save: async (key, value) => void stored.set(key, structuredClone(value)) });
  return { settings, stored };
}

describe('the context settings (what the user set per model, the meter’s calibration)', () => {
  it('reads what was kept, dropping what is not a model reference and a positive whole number', async () => {
    const { settings } = harness({ [MODEL_CONTEXTS_KEY]: { 'local/llama3': 8192, 'not a ref': 100, 'local/bad': -1, 'local/huge': MAX_USER_CONTEXT + 1 }, [CONTEXT_CALIBRATION_KEY]: { 'local/llama3': 1.2, 'local/x': 'no' } });
    await settings.init();
    expect(settings.getSnapshot()).toEqual({ status: 'ready', contexts: { 'local/llama3': 8192 }, calibration: { 'local/llama3': 1.2 } });
  });

  it('sets, keeps and clears a model’s context; refuses one out of range', async () => {
    const { settings, stored } = harness();
    await settings.init();
    settings.setContext('local/llama3', 4096);
    settings.setContext('local/llama3', 0);
    settings.setContext('local/qwen', 2.5);
    await settings.flush();
    expect(stored.get(MODEL_CONTEXTS_KEY)).toEqual({ 'local/llama3': 4096 });
    settings.setContext('local/llama3', undefined);
    await settings.flush();
    expect(stored.get(MODEL_CONTEXTS_KEY)).toEqual({});
  });

  it('a value set before the stored ones arrived wins (it was set later)', async () => {
    const { settings } = harness({ [MODEL_CONTEXTS_KEY]: { 'local/llama3': 8192 } });
    settings.setContext('local/llama3', 2048);
    await settings.init();
    expect(settings.getSnapshot().contexts).toEqual({ 'local/llama3': 2048 });
  });

  it('keeps the calibration per model', async () => {
    const { settings, stored } = harness();
    await settings.init();
    settings.setCalibration('local/llama3', 1.25);
    await settings.flush();
    expect(stored.get(CONTEXT_CALIBRATION_KEY)).toEqual({ 'local/llama3': 1.25 });
  });
});
