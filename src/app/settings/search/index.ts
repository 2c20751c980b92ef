/** Settings → Search (issue 37): loaded when shown, in its own chunk (search-section), not with Settings; only its name comes with Settings. */
import { registerMessages } from '../../../i18n';
import { webSearchSection } from '../../../i18n/en/web-search-section';
import { lazySection } from '../shared/settings-section';

registerMessages(webSearchSection);

export const searchSettings = lazySection('search', 'settings.section.search', 'search-section', () => import('./search-section'));
