/** Settings → Chats: how new chats get their titles, what Return does in the message box (issue 22), when a long chat is summarised (issue 24). */
import type { SettingsSection } from '../shared/settings-section';
import { TitleSettingsSection } from './title-settings-section';
import { EnterKeyField } from './enter-key-field';
import { CompactionSettingsField } from './compaction-settings-field';

export const chatsSettings: SettingsSection = {
  id: 'chats',
  label: 'settings.section.chats',
  parts: [TitleSettingsSection, EnterKeyField, CompactionSettingsField],
};
