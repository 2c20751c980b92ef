// @vitest-environment node
// Settings → Voice's store (issue 39): this device's row, every field read back safely.
import { describe, expect, it } from 'vitest';
import { createVoiceSettingsStore, DEFAULT_VOICE_SETTINGS, readVoiceSettings, VOICE_SETTING } from '../../../src/chat/voice';

const memoryIo = (stored: Record<string, unknown> = {}) => ({
  rows: stored,
  load: async (key: string) => stored[key],
  save: async (key: string, value: unknown) => void (stored[key] = value),
});

describe('voice settings', () => {
  it('starts from the defaults: recordings not kept, speed 1', async () => {
    const store = createVoiceSettingsStore(memoryIo());
    await store.init();
    expect(store.getSnapshot()).toEqual(DEFAULT_VOICE_SETTINGS);
    expect(store.getSnapshot().keepAudio).toBe(false);
  });

  it('reads the stored row, and writes a change to it, telling subscribers', async () => {
    const io = memoryIo({ [VOICE_SETTING]: { speechEngine: 'server', speechConnection: 'c1', voice: 'nova', speed: 1.25 } });
    const store = createVoiceSettingsStore(io);
    await store.init();
    expect(store.getSnapshot()).toMatchObject({ speechEngine: 'server', speechConnection: 'c1', voice: 'nova', speed: 1.25 });
    let told = 0;
    store.subscribe(() => (told += 1));
    await store.update({ keepAudio: true, speed: 3 });
    expect(told).toBe(1);
    expect(io.rows[VOICE_SETTING]).toMatchObject({ keepAudio: true, speed: 2, voice: 'nova' });
  });

  it('keeps unreadable fields at their defaults, and clamps numbers', () => {
    expect(readVoiceSettings({ transcriptionEngine: 'cloud-x', speed: 0.1, silenceMs: 99_999, language: 'not a language', keepAudio: 'yes' })).toEqual({
      ...DEFAULT_VOICE_SETTINGS,
      speed: 0.5,
      silenceMs: 5000,
    });
    expect(readVoiceSettings({ transcriptionEngine: 'local:whisper-base', language: 'pt-BR' })).toMatchObject({ transcriptionEngine: 'local:whisper-base', language: 'pt-BR' });
    expect(readVoiceSettings('garbage')).toEqual(DEFAULT_VOICE_SETTINGS);
  });
});
