import { registerMessages } from '../../../i18n';
import { projects } from '../../../i18n/en/projects';

// The project's home page loads with `?project=`, not with the first screen: its strings come with it.
registerMessages(projects);

export { t } from '../../../i18n';
