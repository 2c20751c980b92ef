/** Settings → Tools (issue 16): the MCP servers, what each may do unasked, the step limit. */
import type { SettingsSection } from '../shared/settings-section';
import { ToolsSection } from './tools-section';

export const toolsSettings: SettingsSection = { id: 'tools', label: 'settings.section.tools', parts: [ToolsSection] };
