/** The model picker's list: registered by its chunk (src/pages/shared/model-picker-popover.tsx). */
export const modelPickerList = {
  'modelPicker.loading': 'Loading models…',
  'modelPicker.failed': 'Could not load the models',
  'modelPicker.noModels': 'No models on this server',
  'modelPicker.pending': 'Not tested yet: press Test connection in Settings',
  'modelPicker.search': 'Search models',
  'modelPicker.searchPlaceholder': 'Search models…',
  'modelPicker.models': 'Models',
  'modelPicker.recent': 'Recent',
  'modelPicker.actions': 'More',
  'modelPicker.embedding': 'Embedding models, cannot chat · {connection}',
  'modelPicker.noMatch': 'No model matches “{query}”',
  'modelPicker.matches.one': '{count} model',
  'modelPicker.matches.other': '{count} models',
  'modelPicker.unavailableHint': 'This model’s connection was removed. Pick another model to continue.',
} as const;
