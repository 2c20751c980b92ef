/** Settings → Instructions (issue 23): loaded when shown, in its own chunk (instructions-section), not with Settings. */
import { lazySection } from '../shared/settings-section';

export const instructionsSettings = lazySection('instructions', 'settings.section.instructions', 'instructions-section', () => import('./instructions-section'));
