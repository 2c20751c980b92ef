import { artifacts } from './en/artifacts';
import { attachments } from './en/attachments';
import { chatSettings } from './en/chat-settings';
import { codeRun } from './en/code-run';
import { codeSettings } from './en/code-settings';
import { chat } from './en/chat';
import { citations } from './en/citations';
import { citationView } from './en/citation-view';
import { readAloud } from './en/read-aloud';
import { chatEntry } from './en/chat-entry';
import { chatDates } from './en/chat-dates';
import { chatPage } from './en/chat-page';
import { chatExport } from './en/chat-export';
import { compaction } from './en/compaction';
import { compare } from './en/compare';
import { compareView } from './en/compare-view';
import { compareSection } from './en/compare-section';
import { compareSettings } from './en/compare-settings';
import { voice } from './en/voice';
import { counts } from './en/counts';
import { dataSettings } from './en/data-settings';
import { gallery } from './en/gallery';
import { homeOnboarding } from './en/home-onboarding';
import { importMessages } from './en/import';
import { importProjects } from './en/import-projects';
import { kit } from './en/kit';
import { libraryTransfer } from './en/library-transfer';
import { librarySetup } from './en/library-setup';
import { markdown } from './en/markdown';
import { modelErrors } from './en/model-errors';
import { modelPicker } from './en/model-picker';
import { modelPickerList } from './en/model-picker-list';
import { offline } from './en/offline';
import { homeSuggestions } from './en/home-suggestions';
import { prompts } from './en/prompts';
import { queue } from './en/queue';
import { contextMeter } from './en/context-meter';
import { search } from './en/search';
import { projects } from './en/projects';
import { settings } from './en/settings';
import { shell } from './en/shell';
import { shortcuts } from './en/shortcuts';
import { storageErrors } from './en/storage-errors';
import { syncSettings } from './en/sync-settings';
import { tools } from './en/tools';
import { nativeApis } from './en/native-apis';
import { webSearchSection } from './en/web-search-section';
import { webSearchSettings } from './en/web-search-settings';
import { voiceSection } from './en/voice-section';
import { voiceSettings } from './en/voice-settings';

/**
 * The whole English catalogue: every user-visible string has a key here. Other languages copy
 * its shape. The app never imports this at run time (index.ts starts with the first screen's
 * areas; a lazy chunk registers its own): it defines `MessageKey` and serves the tests.
 */
export const en = { ...shell, ...homeOnboarding, ...storageErrors, ...chatEntry, ...chatDates, ...search, ...kit, ...markdown, ...chat, ...chatPage, ...chatSettings, ...modelPicker, ...modelPickerList, ...settings, ...shortcuts, ...modelErrors, ...attachments, ...dataSettings, ...chatExport, ...importMessages, ...syncSettings, ...tools, ...counts, ...gallery, ...libraryTransfer, ...importProjects, ...librarySetup, ...prompts, ...projects, ...queue, ...contextMeter, ...compaction, ...nativeApis, ...offline, ...homeSuggestions, ...artifacts, ...codeRun, ...codeSettings, ...webSearchSection, ...webSearchSettings, ...citations, ...citationView, ...readAloud, ...compare, ...compareView, ...compareSection, ...compareSettings, ...voice, ...voiceSection, ...voiceSettings } as const;

export type MessageKey = keyof typeof en;
