import { useId, useState } from 'react';
import { clampDays, MAX_REMINDER_DAYS, MIN_REMINDER_DAYS, type BackupReminderSettings } from '../../../chat/backup';
import { t } from '../shared/settings-text';

export interface BackupReminderFieldProps {
  value: BackupReminderSettings;
  onChange(next: BackupReminderSettings): void;
}

/** The reminder's switch and its period in days; the period is saved when the field is left (or Enter), clamped to its range. */
export function BackupReminderField({ value, onChange }: BackupReminderFieldProps) {
  const id = useId();
  const [typed, setTyped] = useState<string | undefined>(undefined);
  const commit = () => {
    if (typed === undefined) return;
    const days = Number(typed);
    setTyped(undefined);
    if (typed.trim() !== '' && Number.isFinite(days)) onChange({ ...value, days: clampDays(days) });
  };
  return (
    <div className="settings-field">
      <label className="settings-switch">
        <input
          type="checkbox"
          role="switch"
          checked={value.enabled}
          aria-describedby={`${id}hint`}
          onChange={(event) => onChange({ ...value, enabled: event.target.checked })}
        />
        <span>{t('data.reminder.label')}</span>
      </label>
      <label className="data-days" htmlFor={`${id}days`}>
        <span>{t('data.reminder.days')}</span>
        <input
          id={`${id}days`}
          className="settings-input"
          type="number"
          inputMode="numeric"
          min={MIN_REMINDER_DAYS}
          max={MAX_REMINDER_DAYS}
          disabled={!value.enabled}
          value={typed ?? String(value.days)}
          onChange={(event) => setTyped(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit();
          }}
        />
      </label>
      <p id={`${id}hint`} className="settings-hint">
        {t('data.reminder.hint')}
      </p>
    </div>
  );
}
