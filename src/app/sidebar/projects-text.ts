import { registerMessages } from '../../i18n';
import { projects } from '../../i18n/en/projects';

// The sidebar's projects, moving chats and deleting projects: their strings load with the
// history's chunk (which shows them), not with the first screen.
registerMessages(projects);

export { t } from '../../i18n';
