/**
 * Settings → Chats, long chats (issue 24): the model that writes summaries, and what happens when
 * a chat outgrows the model's context (ask, summarise automatically, or drop the oldest turns).
 */
import { useEffect, useId, useState } from 'react';
import { getChatStore } from '../../../chat';
import { SUMMARY_MODEL_SETTING, WHEN_FULL_SETTING, type WhenFull } from '../../../chat/replies/compaction-actions';
import { registerMessages } from '../../../i18n';
import { compaction } from '../../../i18n/en/compaction';
import { ModelPicker } from '../../../pages/shared';
import { Button } from '../../../ui/button';
import { t, type MessageKey } from '../shared/settings-text';

registerMessages(compaction);

const CHOICES: readonly { value: WhenFull; label: MessageKey }[] = [
  { value: 'ask', label: 'compaction.settings.ask' },
  { value: 'summarise', label: 'compaction.settings.summarise' },
  { value: 'drop', label: 'compaction.settings.drop' },
];

export function CompactionSettingsField() {
  const id = useId();
  const [model, setModel] = useState<string | undefined>();
  const [whenFull, setWhenFull] = useState<WhenFull>('ask');
  useEffect(() => {
    const store = getChatStore();
    void store.getSetting<string | null>(SUMMARY_MODEL_SETTING).then((value) => setModel(value ?? undefined));
    void store.getSetting<WhenFull>(WHEN_FULL_SETTING).then((value) => value && setWhenFull(value));
  }, []);
  const chooseModel = (ref: string | undefined) => {
    setModel(ref);
    void getChatStore().putSetting(SUMMARY_MODEL_SETTING, ref ?? null);
  };
  const choose = (value: WhenFull) => {
    setWhenFull(value);
    void getChatStore().putSetting(WHEN_FULL_SETTING, value);
  };
  return (
    <section className="settings-section" aria-labelledby={`${id}heading`}>
      <div className="settings-section__header">
        <h3 id={`${id}heading`}>{t('compaction.settings.title')}</h3>
      </div>
      <div className="settings-field">
        <label id={`${id}label`} htmlFor={`${id}picker`}>
          {t('compaction.settings.modelLabel')}
        </label>
        <ModelPicker id={`${id}picker`} aria-labelledby={`${id}label`} aria-describedby={`${id}modelHint`} value={model} onValueChange={chooseModel} />
        {model !== undefined && (
          <Button size="sm" variant="ghost" color="neutral" onClick={() => chooseModel(undefined)}>
            {t('compaction.settings.useChatModel')}
          </Button>
        )}
        <p id={`${id}modelHint`} className="settings-hint">
          {t('compaction.settings.modelHint')}
        </p>
      </div>
      <fieldset className="settings-field settings-choice" aria-describedby={`${id}hint`}>
        <legend>{t('compaction.settings.whenFullLegend')}</legend>
        {CHOICES.map(({ value, label }) => (
          <label key={value} className="settings-check">
            <input type="radio" name={`${id}full`} value={value} checked={whenFull === value} onChange={() => choose(value)} />
            {t(label)}
          </label>
        ))}
        <p id={`${id}hint`} className="settings-hint">
          {t('compaction.settings.whenFullHint')}
        </p>
      </fieldset>
    </section>
  );
}
