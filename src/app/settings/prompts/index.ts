/** Settings → Prompts (issue 23): loaded when shown, in its own chunk (prompts-section), not with Settings. */
import { lazySection } from '../shared/settings-section';

export const promptsSettings = lazySection('prompts', 'settings.section.prompts', 'prompts-section', () => import('./prompts-section'));
