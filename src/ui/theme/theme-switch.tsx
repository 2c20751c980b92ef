import { useSyncExternalStore } from 'react';
import { t } from '../../i18n';
import { Icon } from '../icon';
import type { ThemeChoice } from './apply-theme';
import { themeStore } from './theme-store';
import './theme-switch.css';

const OPTIONS: readonly { value: ThemeChoice; icon: string; label: 'theme.light' | 'theme.dark' | 'theme.system' }[] = [
  { value: 'light', icon: 'lucide:sun', label: 'theme.light' },
  { value: 'dark', icon: 'lucide:moon', label: 'theme.dark' },
  { value: 'system', icon: 'lucide:monitor', label: 'theme.system' },
];

/** Light / dark / system as a radio group: arrow keys move between choices, as users expect. */
export function ThemeSwitch({ className }: { className?: string }) {
  const choice = useSyncExternalStore(themeStore.subscribe, themeStore.getSnapshot, themeStore.getSnapshot);
  return (
    <fieldset className={['theme-switch', className].filter(Boolean).join(' ')}>
      <legend className="visually-hidden">{t('theme.label')}</legend>
      {OPTIONS.map((option) => (
        <label key={option.value} className="theme-switch__option" data-state={choice === option.value ? 'on' : 'off'}>
          <input
            type="radio"
            name="parley-theme"
            value={option.value}
            checked={choice === option.value}
            onChange={() => themeStore.set(option.value)}
            className="visually-hidden"
          />
          <Icon name={option.icon} />
          <span className="theme-switch__text">{t(option.label)}</span>
        </label>
      ))}
    </fieldset>
  );
}
