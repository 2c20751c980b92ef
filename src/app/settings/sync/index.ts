/** Settings → Sync (issue 15): the CouchDB server, the passphrase, and what the server sent that was refused. */
import type { SettingsSection } from '../shared/settings-section';
import { SyncSection } from './sync-section';

export const syncSettings: SettingsSection = { id: 'sync', label: 'settings.section.sync', parts: [SyncSection] };
