import { useId } from 'react';
import { touchKeyboard, type EnterKeyChoice } from '../../../ui/composer/enter-key';
import { saveEnterKeyChoice, useEnterKeyChoice } from '../../../ui/composer/enter-key-choice';
import { t, type MessageKey } from '../shared/settings-text';

const CHOICES: readonly { value: EnterKeyChoice; label: MessageKey }[] = [
  { value: 'auto', label: 'settings.enterKey.auto' },
  { value: 'send', label: 'settings.enterKey.send' },
  { value: 'newline', label: 'settings.enterKey.newline' },
];

/**
 * What Return does in the message box (issue 22): by the device (a touch screen adds a line, a
 * keyboard sends), or always one of the two. Ctrl/⌘+Enter sends whatever is chosen.
 */
export function EnterKeyField() {
  const id = useId();
  const choice = useEnterKeyChoice();
  return (
    <section className="settings-section" aria-labelledby={`${id}heading`}>
      <div className="settings-section__header">
        <h3 id={`${id}heading`}>{t('settings.enterKey.title')}</h3>
      </div>
      <fieldset className="settings-field settings-choice" aria-describedby={`${id}hint`}>
        <legend>{t('settings.enterKey.legend')}</legend>
        {CHOICES.map(({ value, label }) => (
          <label key={value} className="settings-check">
            <input type="radio" name={`${id}enter`} value={value} checked={choice === value} onChange={() => saveEnterKeyChoice(value)} />
            {t(label)}
          </label>
        ))}
        <p id={`${id}hint`} className="settings-hint">
          {t(touchKeyboard() ? 'settings.enterKey.hintTouch' : 'settings.enterKey.hintKeyboard')} {t('settings.enterKey.hintAlways')}
        </p>
      </fieldset>
    </section>
  );
}
