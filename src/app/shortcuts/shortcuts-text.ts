import { registerMessages } from '../../i18n';
import { shortcuts } from '../../i18n/en/shortcuts';

// The shortcuts help's strings load with its chunk, not the first screen: its modules take `t`
// from here, so the strings are registered before the dialog renders.
registerMessages(shortcuts);

export { t, type MessageKey } from '../../i18n';
