// Settings → Sync tests: a sync service that is on (its settings row saved), doing nothing.
import { resetSyncService, type SyncConfig, type SyncService } from '../../../src/chat/sync/sync-service';

export function syncIsOn(fields: Partial<SyncConfig> = {}): void {
  const row: SyncConfig = { url: 'http://couch.test:5984', db: 'parley', auth: { kind: 'none' }, enabled: true, ...fields };
  const service: SyncService = {
    readConfig: async () => row,
    test: async () => ({ ok: true, feed: 'selector' }),
    turnOn: async () => {},
    turnOff: async () => {},
    forget: async () => {},
    resume: async () => {},
  };
  resetSyncService(service);
}
