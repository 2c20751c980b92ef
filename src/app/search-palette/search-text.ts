import { registerMessages } from '../../i18n';
import { search } from '../../i18n/en/search';

// The palette's strings load with its chunk, not the first screen: its modules take `t` from
// here, so the strings are registered before any of them renders.
registerMessages(search);

export { t } from '../../i18n';
