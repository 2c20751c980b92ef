/** Settings → Presets (issue 23): loaded when shown, in its own chunk (presets-section), not with Settings. */
import { lazySection } from '../shared/settings-section';

export const presetsSettings = lazySection('presets', 'settings.section.presets', 'presets-section', () => import('./presets-section'));
