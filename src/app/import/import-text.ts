import { registerMessages } from '../../i18n';
import { importMessages } from '../../i18n/en/import';
import { importProjects } from '../../i18n/en/import-projects';

// The import's strings load with its chunk (Settings, or the dialog a dropped export opens): every
// import module takes `t` from here, so they are registered before any of them renders.
registerMessages(importMessages);
registerMessages(importProjects);

export { t, type MessageKey } from '../../i18n';
