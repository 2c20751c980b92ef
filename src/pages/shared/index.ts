/** Page-level pieces shared by screens (and the app): model-error explanations, the model picker, the Settings request. */
export { explainModelError, type ModelErrorExplanation, type ModelErrorFacts } from './explain-model-error';
export { formatWait } from './format-wait';
export { isModelUnavailable, MODEL_LIST_STALE_MS, ModelPicker, type ModelPickerProps, type ModelPickerState } from './model-picker';
export { flatOptions, foldText, optionMatches, pickerGroups, type PickerGroup, type PickerGroupStatus, type PickerOption } from './model-search';
export { handleSettingsRequests, requestSettings, resetSettingsRequests, useSettingsAvailable } from './settings-request';
export { modelKind } from './model-kind';
export { MenuBar, SidebarButton, SidebarToggleContext, type SidebarToggle } from './sidebar-button';
export { shouldTakeFocus, useArrivalFocus } from './use-arrival-focus';
export { handleModelPickerRequests, requestModelPicker } from './model-picker-request';
export { useModelUnavailable } from './use-model-unavailable';
export { UNSAVED_ICON, UnsavedMark, type UnsavedMarkProps } from './unsaved-mark';
