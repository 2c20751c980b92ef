// Whether the model server cannot be reached because the device is offline (issue 26): the message
// box then says so and keeps the draft, instead of sending into a failure.
import { useSyncExternalStore } from 'react';
import { connectionOfModel, useConnectionsSnapshot, type ConnectionsSnapshot } from '../../chat/connections';

/** Loopback addresses answer with no network at all: a model server on this device (Ollama, llama.cpp) stays in reach offline. */
export function isOnThisDevice(baseUrl: string): boolean {
  try {
    const host = new URL(baseUrl).hostname;
    return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
  } catch {
    return false;
  }
}

/**
 * Whether `ref`'s server (else the default model's, as chosen: offline, the server's model list
 * cannot confirm it) is out of reach with the device `online` or not; a model not on a
 * connection (the e2e build's) never is.
 */
export function serverOutOfReach(snapshot: ConnectionsSnapshot, ref: string | undefined, online: boolean): boolean {
  if (online) return false;
  const connection = connectionOfModel(snapshot, ref ?? snapshot.defaultModel);
  return connection !== undefined && !isOnThisDevice(connection.baseUrl);
}

const subscribeOnline = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};
const isOnline = () => navigator.onLine;

/** The browser's online state, following its `online` and `offline` events. */
export const useOnline = (): boolean => useSyncExternalStore(subscribeOnline, isOnline, () => true);

/** serverOutOfReach for a chat's model `ref`, kept current as the device goes off- and online. */
export function useServerOutOfReach(ref: string | undefined): boolean {
  return serverOutOfReach(useConnectionsSnapshot(), ref, useOnline());
}
