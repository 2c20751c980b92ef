// Which artifact the panel shows, and how: one panel for the app, outside React, read per chat.
import { useSyncExternalStore } from 'react';

/** Preview runs the artifact; Code shows a version's source; Changes the difference between two versions. */
export type ArtifactView = 'preview' | 'code' | 'changes';

export interface ArtifactPanelState {
  chatId: string;
  /** The artifact's key (`Artifact.key`). */
  key: string;
  /** The version shown, by number; null follows the latest, so a new version shows itself. */
  version: number | null;
  view: ArtifactView;
  /** The version Changes compares the shown one with; null: the one before it. */
  compareWith: number | null;
  /** Over the whole window (the thread hidden), on a desktop too. */
  full: boolean;
  /** Opened by the app when a reply that is mostly one artifact ended, rather than by the user. */
  automatic: boolean;
  /** Bumped each time the user opens an artifact: the panel then takes focus (an automatic opening leaves it where it is). */
  focusRequest: number;
}

let state: ArtifactPanelState | null = null;
const listeners = new Set<() => void>();

function set(next: ArtifactPanelState | null): void {
  if (next === state) return;
  state = next;
  for (const listener of [...listeners]) listener();
}

export const artifactPanel = {
  getSnapshot: (): ArtifactPanelState | null => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  open(chatId: string, key: string, options: { version?: number | null; view?: ArtifactView; automatic?: boolean } = {}): void {
    set({
      chatId,
      key,
      version: options.version ?? null,
      view: options.view ?? 'preview',
      compareWith: null,
      full: state?.chatId === chatId && state.key === key ? state.full : false,
      automatic: options.automatic ?? false,
      focusRequest: (state?.focusRequest ?? 0) + (options.automatic ? 0 : 1),
    });
  },
  close(): void {
    set(null);
  },
  update(patch: Partial<Pick<ArtifactPanelState, 'version' | 'view' | 'compareWith' | 'full'>>): void {
    if (state) set({ ...state, ...patch, automatic: false });
  },
};

/** The panel's state when it shows an artifact of this chat; null otherwise (another chat's stays closed here). */
export function useArtifactPanel(chatId: string): ArtifactPanelState | null {
  const snapshot = useSyncExternalStore(artifactPanel.subscribe, artifactPanel.getSnapshot);
  return snapshot?.chatId === chatId ? snapshot : null;
}
