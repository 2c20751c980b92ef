/** Settings → Data (issue 14): backup and restore, the backup reminder, and the storage this browser gives Parley. */
import type { SettingsSection } from '../shared/settings-section';
import { DataSection } from './data-section';

export const dataSettings: SettingsSection = { id: 'data', label: 'settings.section.data', parts: [DataSection] };
