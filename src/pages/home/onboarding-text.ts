import { registerMessages } from '../../i18n';
import { homeOnboarding } from '../../i18n/en/home-onboarding';

// The onboarding help's strings load with it, not with the first screen: its modules take `t`
// from here, so the strings are registered before any of them renders.
registerMessages(homeOnboarding);

export { t, type MessageKey } from '../../i18n';
