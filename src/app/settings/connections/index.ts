/** Settings → Connections (issue 5): the model servers, the default model, and the context lengths a user set (issue 24). */
import type { SettingsSection } from '../shared/settings-section';
import { ConnectionsSection } from './connections-section';
import { DefaultModelField } from '../shared/default-model-field';
import { ContextLengthField } from './context-length-field';

export const connectionsSettings: SettingsSection = {
  id: 'connections',
  label: 'settings.section.connections',
  parts: [ConnectionsSection, DefaultModelField, ContextLengthField],
};

export { ConnectionEditor, type ConnectionEditorProps } from './connection-editor';
export { ApiKeyField, type ApiKeyFieldProps } from './api-key-field';
export { TESTED_MODELS_SHOWN, TestResultView, type TestResultViewProps } from './test-result';
