/** Settings → Compare (issue 38): loaded when shown, in its own chunk (compare-section), not with Settings; only its name comes with Settings. */
import { registerMessages } from '../../../i18n';
import { compareSection } from '../../../i18n/en/compare-section';
import { lazySection } from '../shared/settings-section';

registerMessages(compareSection);

export const compareSettings = lazySection('compare', 'settings.section.compare', 'compare-section', () => import('./compare-section'));
