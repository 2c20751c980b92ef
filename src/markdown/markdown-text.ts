import { registerMessages } from '../i18n';
import { markdown } from '../i18n/en/markdown';

// Rendered markdown's strings load with the renderer (the chat page), not the first screen:
// every markdown module that shows text takes `t` from here, so they are registered first.
registerMessages(markdown);

export { t } from '../i18n';
