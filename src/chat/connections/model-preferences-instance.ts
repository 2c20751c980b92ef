import { useEffect, useSyncExternalStore } from 'react';
import { connectionsSettings, preferencesSlot } from './connections-instance';
import { createModelPreferences, type ModelPreferences, type ModelPreferencesSnapshot } from './model-preferences';

// The app's model preferences (recent models, title settings): used by the picker's list,
// Settings and title requests, all loaded after the first screen, so apart from the connections.

let current: { generation: number; preferences: ModelPreferences } | undefined;

/** The recent models and title settings, kept where the connections are. */
export function getModelPreferences(): ModelPreferences {
  const slot = preferencesSlot();
  if (current?.generation !== slot.generation) {
    current = { generation: slot.generation, preferences: slot.next ?? createModelPreferences(connectionsSettings()) };
  }
  return current.preferences;
}

/** The recent models and title settings. */
export function useModelPreferences(): ModelPreferencesSnapshot {
  const preferences = getModelPreferences();
  const snapshot = useSyncExternalStore(preferences.subscribe, preferences.getSnapshot, preferences.getSnapshot);
  useEffect(() => {
    void preferences.init();
  }, [preferences]);
  return snapshot;
}
