import { registerMessages } from '../../i18n';
import { chatEntry } from '../../i18n/en/chat-entry';
import { chatExport } from '../../i18n/en/chat-export';

// A history entry's strings (its menu, rename, delete and Undo) load with the history's chunk,
// not the first screen: those modules take `t` from here, so they are registered before rendering.
registerMessages(chatEntry);
// The menu's two export items (their code loads when chosen: src/pages/shared/chat-export.ts).
registerMessages(chatExport);

export { t } from '../../i18n';
