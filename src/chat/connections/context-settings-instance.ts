import { useEffect, useSyncExternalStore } from 'react';
import { connectionsSettings } from './connections-instance';
import type { ConnectionsStoreOptions } from './connections-store';
import { createContextSettings, type ContextSettings, type ContextSettingsSnapshot } from './context-settings';

// A named door (loaded with the chat page and Settings, never the first screen): the context
// lengths the user set and the meter's calibration, kept where the connections are.

const perSettings = new WeakMap<ConnectionsStoreOptions, ContextSettings>();

/** The app's context settings: one per configured settings storage (a test's reset gets a new one). */
export function getContextSettings(): ContextSettings {
  const options = connectionsSettings();
  let settings = perSettings.get(options);
  if (!settings) perSettings.set(options, (settings = createContextSettings(options)));
  return settings;
}

export function useContextSettings(): ContextSettingsSnapshot {
  const settings = getContextSettings();
  const snapshot = useSyncExternalStore(settings.subscribe, settings.getSnapshot, settings.getSnapshot);
  useEffect(() => {
    void settings.init();
  }, [settings]);
  return snapshot;
}

export { CONTEXT_CALIBRATION_KEY, MAX_USER_CONTEXT, MODEL_CONTEXTS_KEY, type ContextSettingsSnapshot } from './context-settings';
