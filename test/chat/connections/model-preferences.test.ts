// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createModelPreferences, RECENT_MODELS_KEY, RECENT_MODELS_MAX, TITLE_SETTINGS_KEY } from '../../../src/chat/connections/model-preferences';

function make(initial: Record<string, unknown> = {}) {
  const settings = new Map(Object.entries(initial));
  const preferences = createModelPreferences({ load: async (key) => settings.get(key), save: async (key, value) => void settings.set(key, value) });
  return { settings, preferences };
}

describe('model preferences', () => {
  it('keeps the recently used models, most recent first, without repeats, at most RECENT_MODELS_MAX', async () => {
    const { settings, preferences } = make({ [RECENT_MODELS_KEY]: ['c/a', 'not a ref', 42] });
    await preferences.init();
    expect(preferences.getSnapshot().recentModels).toEqual(['c/a']);
    for (const ref of ['c/b', 'c/a', 'c/c', 'c/d', 'c/e', 'c/f']) preferences.noteUsed(ref);
    expect(preferences.getSnapshot().recentModels).toEqual(['c/f', 'c/e', 'c/d', 'c/c', 'c/a']);
    expect(RECENT_MODELS_MAX).toBe(5);
    await preferences.flush();
    expect(settings.get(RECENT_MODELS_KEY)).toEqual(['c/f', 'c/e', 'c/d', 'c/c', 'c/a']);
  });

  it('generates titles with the chat’s model by default; both settings are stored', async () => {
    const { settings, preferences } = make();
    await preferences.init();
    expect(preferences.getSnapshot().titles).toEqual({ generate: true });
    preferences.setTitleSettings({ generate: false });
    preferences.setTitleSettings({ model: 'c/small' });
    await preferences.flush();
    expect(settings.get(TITLE_SETTINGS_KEY)).toEqual({ generate: false, model: 'c/small' });
    const again = make(Object.fromEntries(settings));
    await again.preferences.init();
    expect(again.preferences.getSnapshot().titles).toEqual({ generate: false, model: 'c/small' });
  });
});
