/** Settings → Voice (issue 39): loaded when shown, in its own chunk (voice-section), not with Settings; only its name comes with Settings. */
import { registerMessages } from '../../../i18n';
import { voiceSection } from '../../../i18n/en/voice-section';
import { lazySection } from '../shared/settings-section';

registerMessages(voiceSection);

export const voiceSettings = lazySection('voice', 'settings.section.voice', 'voice-section', () => import('./voice-section'));
