// The home page's suggestion chips, loaded after the first screen.
import { registerMessages, t, type MessageKey } from '../../i18n';
import { homeSuggestions } from '../../i18n/en/home-suggestions';
import { Button } from '../../ui/button';

// The chips' strings come with their chunk (the first screen's budget).
registerMessages(homeSuggestions);

const SUGGESTIONS: readonly { label: MessageKey; prompt: MessageKey; icon: string }[] = [
  { label: 'home.suggestion.explain', prompt: 'home.suggestion.explainPrompt', icon: 'lucide:lightbulb' },
  { label: 'home.suggestion.code', prompt: 'home.suggestion.codePrompt', icon: 'lucide:code' },
  { label: 'home.suggestion.summarise', prompt: 'home.suggestion.summarisePrompt', icon: 'lucide:list' },
  { label: 'home.suggestion.brainstorm', prompt: 'home.suggestion.brainstormPrompt', icon: 'lucide:sparkles' },
];

/** Chips that fill the composer with a starting prompt (the user still decides to send). */
export function Suggestions({ onPick }: { onPick: (prompt: string) => void }) {
  return (
    <ul className="suggestions" aria-label={t('home.suggestions')}>
      {SUGGESTIONS.map((s) => (
        <li key={s.label}>
          <Button variant="outline" color="neutral" size="sm" icon={s.icon} onClick={() => onPick(t(s.prompt))}>
            {t(s.label)}
          </Button>
        </li>
      ))}
    </ul>
  );
}
