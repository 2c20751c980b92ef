/** The Settings dialog (issue 5): connections to model servers, the default model; opened from the sidebar, Ctrl/⌘+, and pages. */
export { SettingsDialog, type SettingsDialogProps } from './settings-dialog';
export { useSettingsDialog, type SettingsDialogState } from './use-settings-dialog';
export { matchesSettingsHotkey, SETTINGS_HOTKEY, useSettingsHotkey } from './settings-hotkey';
export {
  ApiKeyField,
  ConnectionEditor,
  TESTED_MODELS_SHOWN,
  TestResultView,
  type ApiKeyFieldProps,
  type ConnectionEditorProps,
  type TestResultViewProps,
} from './connections';
export { HeadersField, headersFrom, rowsFrom, type HeaderRow, type HeadersFieldProps } from './shared/headers-field';
export { baseUrlErrorText } from './shared/base-url-error';
