import { useSyncExternalStore } from 'react';

/**
 * Lets a page ask for the Settings dialog, which belongs to the app layer (pages may not import
 * it): the app handles requests, pages make them. A page shows its "Open Settings" button only
 * while something handles them (the /ui gallery and unit tests have no Settings).
 */

/** Opens Settings, at a section (`connections`, `sync`…) when one is named. */
type Handler = (section?: string) => void;

const handlers = new Set<Handler>();
const watchers = new Set<() => void>();

const notify = () => {
  for (const watcher of [...watchers]) watcher();
};

/** Opens Settings, at `section` when given; false when nothing handles the request. */
export function requestSettings(section?: string): boolean {
  const current = [...handlers];
  const last = current[current.length - 1];
  last?.(section);
  return last !== undefined;
}

/** The app's side: handle requests until the returned function is called. */
export function handleSettingsRequests(handler: Handler): () => void {
  handlers.add(handler);
  notify();
  return () => {
    handlers.delete(handler);
    notify();
  };
}

const subscribe = (watcher: () => void) => {
  watchers.add(watcher);
  return () => void watchers.delete(watcher);
};
const available = () => handlers.size > 0;

/** Whether requestSettings would open anything. */
export function useSettingsAvailable(): boolean {
  return useSyncExternalStore(subscribe, available, available);
}

/** For tests: forget every handler. */
export function resetSettingsRequests(): void {
  handlers.clear();
  notify();
}
