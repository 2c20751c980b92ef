/**
 * The one place that names Settings' sections, in the order of their list. A section is a folder
 * beside this file whose door (index.ts) exports its SettingsSection; a new one is that folder and
 * a line here. The library's sections load when shown (their doors import them with import()).
 */
import type { SettingsSection } from './shared/settings-section';
import { connectionsSettings } from './connections';
import { dataSettings } from './data';
import { chatsSettings } from './chats';
import { syncSettings } from './sync';
import { toolsSettings } from './tools';
import { codeSettings } from './sandbox';
import { searchSettings } from './search';
import { compareSettings } from './compare';
import { voiceSettings } from './voice';
import { instructionsSettings } from './instructions';
import { presetsSettings } from './presets';
import { promptsSettings } from './prompts';

/** The id is what `?settings=` names. */
export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  instructionsSettings,
  connectionsSettings,
  chatsSettings,
  presetsSettings,
  promptsSettings,
  toolsSettings,
  codeSettings,
  searchSettings,
  compareSettings,
  voiceSettings,
  dataSettings,
  syncSettings,
];
