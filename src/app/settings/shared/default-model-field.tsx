import { useId } from 'react';
import { getConnectionsStore, useDefaultModel } from '../../../chat/connections';
import { t } from './settings-text';
import { ModelPicker } from '../../../pages/shared';

/** The model for new chats (and chats that never chose one). */
export function DefaultModelField() {
  const id = useId();
  const value = useDefaultModel();
  return (
    <section className="settings-section" aria-labelledby={`${id}heading`}>
      <div className="settings-section__header">
        <h3 id={`${id}heading`}>{t('settings.defaultModel.title')}</h3>
      </div>
      <div className="settings-field">
        <label id={`${id}label`} htmlFor={`${id}picker`}>{t('settings.defaultModel.label')}</label>
        <ModelPicker
          id={`${id}picker`}
          aria-labelledby={`${id}label`}
          aria-describedby={`${id}hint`}
          value={value}
          onValueChange={(ref) => getConnectionsStore().setDefaultModel(ref)}
        />
        <p id={`${id}hint`} className="settings-hint">
          {t('settings.defaultModel.hint')}
        </p>
      </div>
    </section>
  );
}
