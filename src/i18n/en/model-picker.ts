/** The model picker's button (on the first screen); its list's strings come with the list (model-picker-list.ts). */
export const modelPicker = {
  'modelPicker.label': 'Model',
  'modelPicker.choose': 'Choose a model',
  'modelPicker.none': 'No models available',
  'modelPicker.unavailable': '{model} (not connected)',
  'modelPicker.needed': 'This chat’s model is no longer connected: pick a model to send.',
} as const;
