import { useSyncExternalStore, type ComponentType } from 'react';
import { getSyncStatus, subscribeSyncStatus, type SyncStatusSnapshot } from '../../chat/sync/sync-status-store';

let Line: ComponentType<{ status: SyncStatusSnapshot }> | undefined;

/**
 * Called by sync-status-line.tsx when it loads: whoever starts sync imports it first, so the first
 * screen carries neither its code nor its strings, only this slot.
 */
export const setSyncStatusLine = (line: typeof Line) => void (Line = line);

/** The sidebar footer's sync status, only while sync is on. */
export function LazySyncStatus() {
  const status = useSyncExternalStore(subscribeSyncStatus, getSyncStatus);
  return status.state !== 'off' && Line ? <Line status={status} /> : null;
}
