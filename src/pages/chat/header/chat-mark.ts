/** What the chat header says of a chat's settings (issue 23): its preset's name, "Custom", or nothing when it follows its defaults. */
import type { Chat } from '../../../chat';
import { customFields, settingsOf, type LibraryContents } from '../../../chat/library';
import { DEFAULTS_ID } from '../../../chat/types';

export type ChatMark = { kind: 'preset'; name: string } | { kind: 'custom' } | undefined;

export function chatMark(chat: Chat, library: LibraryContents): ChatMark {
  const preset = chat.presetId ? library.presets.find((candidate) => candidate.id === chat.presetId) : undefined;
  if (preset) {
    // Measured against the preset it started with: still as the preset left it, it is named after it.
    const withPreset: LibraryContents = {
      ...library,
      defaults: { id: DEFAULTS_ID, kind: 'defaults', createdAt: 0, updatedAt: 0, ...settingsOf(library.defaults), ...settingsOf(preset) },
    };
    if (customFields(chat, withPreset).length === 0) return { kind: 'preset', name: preset.name };
    return { kind: 'custom' };
  }
  return customFields(chat, library).length > 0 ? { kind: 'custom' } : undefined;
}
