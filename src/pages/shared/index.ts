/** Page-level pieces shared by screens (and the app): model-error explanations, the model picker, the Settings request. */
export { explainModelError, type ModelErrorExplanation, type ModelErrorFacts } from './explain-model-error';
export { formatWait } from './format-wait';
export { MODEL_LIST_STALE_MS, ModelPicker, type ModelPickerProps, type ModelPickerState } from './model-picker';
export { handleSettingsRequests, requestSettings, resetSettingsRequests, useSettingsAvailable } from './settings-request';
export { modelKind } from './model-kind';
export { MenuBar, SidebarButton, SidebarToggleContext, type SidebarToggle } from './sidebar-button';
export { shouldTakeFocus, useArrivalFocus } from './use-arrival-focus';
