/** Settings → Code (issue 36): loaded when shown, in its own chunk (code-section), not with Settings. */
import { lazySection } from '../shared/settings-section';

export const codeSettings = lazySection('code', 'settings.section.code', 'code-section', () => import('./code-section'));
