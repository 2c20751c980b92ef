/** Page-level pieces shared by screens (and the app): model-error explanations, the model picker, the Settings request. */
// Not re-exported here, so the first screen does not fetch them: explain-model-error (use
// use-model-error-explainer, or import it directly from lazily loaded code), format-wait, model-search.
export type { ModelErrorExplanation, ModelErrorFacts } from './explain-model-error';
export { loadModelErrorExplainer, useModelErrorExplainer, type ExplainModelError } from './use-model-error-explainer';
export { isModelUnavailable, MODEL_LIST_STALE_MS, ModelPicker, preloadModelPickerPopover, type ModelPickerProps, type ModelPickerState, type PresetChoice } from './model-picker';
export type { PickerGroup, PickerGroupStatus, PickerOption } from './model-search';
export { handleSettingsRequests, requestSettings, resetSettingsRequests, useSettingsAvailable } from './settings-request';
export { modelKind } from './model-kind';
export { MenuBar, NewChatButton, SidebarButton, SidebarToggleContext, type SidebarToggle } from './sidebar-button';
export { shouldTakeFocus, useArrivalFocus } from './use-arrival-focus';
export { handleModelPickerRequests, requestModelPicker } from './model-picker-request';
export { useModelUnavailable } from './use-model-unavailable';
export { UNSAVED_ICON, UnsavedMark, type UnsavedMarkProps } from './unsaved-mark';
export { StorageNoticeSlot } from './storage-notice-slot';
export { storageNotice, type StorageNoticeState } from './storage-notice-state';
// Small: the attachments' machinery it loads (composer-files.tsx) stays out of the first screen.
export { loadComposerFiles, useComposerFiles, type ComposerFiles, type ComposerFilesOptions } from './attachments/use-composer-files';
export { NeedsConnection } from './needs-connection';
