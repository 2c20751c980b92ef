/** The Settings dialog (issue 5): connections to model servers, the default model; opened from the sidebar, Ctrl/⌘+, and pages. */
export { SettingsDialog, type SettingsDialogProps } from './settings-dialog';
export { useSettingsDialog, type SettingsDialogState } from './use-settings-dialog';
export { matchesSettingsHotkey, SETTINGS_HOTKEY, useSettingsHotkey } from './settings-hotkey';
export { ConnectionEditor, type ConnectionEditorProps } from './connections/connection-editor';
export { ApiKeyField, type ApiKeyFieldProps } from './connections/api-key-field';
export { HeadersField, headersFrom, rowsFrom, type HeaderRow, type HeadersFieldProps } from './shared/headers-field';
export { TESTED_MODELS_SHOWN, TestResultView, type TestResultViewProps } from './connections/test-result';
export { baseUrlErrorText } from './shared/base-url-error';
