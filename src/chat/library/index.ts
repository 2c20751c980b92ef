// The user's library (issue 23): standing instructions, defaults, presets, projects and prompts,
// and the one place a request's system message and settings are built from them.
export { createLibraryStore, getLibraryStore, resetLibraryStore, chatStoreLibraryIo, LIBRARY_CHANNEL, STARTERS_SETTING } from './library-store';
export type { LibraryChange, LibraryIo, LibrarySnapshot, LibraryStore, LibraryStoreOptions } from './library-store';
export { baseSettings, chatBase, customFields, effectiveSettings, presetFromChat, presetPatch, resetPatch, settingsOf, CUSTOM_FIELDS, SETTING_FIELDS } from './chat-setup';
export type { LibraryContents } from './chat-setup';
export { instructionsText, projectFilesText, requestChat, systemMessage, systemParts, SYSTEM_SEPARATOR } from './system-message';
export type { SystemPart, SystemPartSource } from './system-message';
export { readLibraryRecord, MAX_NAME_CHARS, MAX_PROJECT_FILES, MAX_PROJECT_TEXT_CHARS, MAX_TEXT_FIELD_CHARS, type RecordCheck } from '../shapes/library-record';
export { BUILT_IN_VARIABLES, dateTimeValues, fillPrompt, isBuiltIn, promptVariables, type BuiltInVariable, type PromptVariable } from './prompt-variables';
export { starterPrompts } from './starter-prompts';
export { useLibrary } from './use-library';
