import { registerMessages } from '../../i18n';
import { attachments } from '../../i18n/en/attachments';

// The attachments' strings load with this chunk, not the first screen: every module here that
// shows text takes `t` from this file, so the strings are registered before any of it renders.
// (The attach button alone is on the home page; its label is in the start catalogue's kit area.)
registerMessages(attachments);

export { t, type MessageKey } from '../../i18n';
