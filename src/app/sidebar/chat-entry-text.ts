import { registerMessages } from '../../i18n';
import { chatEntry } from '../../i18n/en/chat-entry';

// A history entry's strings (its menu, rename, delete and Undo) load with the history's chunk,
// not the first screen: those modules take `t` from here, so they are registered before rendering.
registerMessages(chatEntry);

export { t } from '../../i18n';
