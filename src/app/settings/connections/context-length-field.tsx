import { useEffect, useId, useState } from 'react';
import { contextLengthOfModel, useConnectionsSnapshot, useDefaultModel } from '../../../chat/connections';
import { getContextSettings, MAX_USER_CONTEXT, useContextSettings, useServerContext } from '../../../chat/connections/context-settings-instance';
import { ModelPicker } from '../../../pages/shared';
import { Button } from '../../../ui/button';
import { t } from '../shared/settings-text';
import { tn } from '../../../i18n/plural';

/**
 * Settings → Connections: the context length of a model, set by the user (issue 24), beside
 * what its server says and where that came from. What is set here wins everywhere (the meter).
 */
export function ContextLengthField() {
  const id = useId();
  const defaultModel = useDefaultModel();
  const [model, setModel] = useState<string | undefined>(defaultModel);
  const snapshot = useConnectionsSnapshot();
  const settings = useContextSettings();
  const chosen = model ?? defaultModel;
  const userSet = chosen ? settings.contexts[chosen] : undefined;
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    setText(userSet === undefined ? '' : String(userSet));
    setInvalid(false);
  }, [chosen, userSet]);

  const server = useServerContext(snapshot, chosen);
  const listed = contextLengthOfModel(snapshot, chosen);
  const said = server ?? (listed !== undefined ? { tokens: listed, source: 'list' as const } : undefined);
  const numbers = new Intl.NumberFormat();

  const commit = () => {
    if (!chosen) return;
    const trimmed = text.trim();
    if (trimmed === '') {
      getContextSettings().setContext(chosen, undefined);
      setInvalid(false);
      return;
    }
    const tokens = Number(trimmed.replace(/[\s,._]/g, ''));
    if (!Number.isInteger(tokens) || tokens <= 0 || tokens > MAX_USER_CONTEXT) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    getContextSettings().setContext(chosen, tokens);
  };

  return (
    <section className="settings-section" aria-labelledby={`${id}heading`}>
      <div className="settings-section__header">
        <h3 id={`${id}heading`}>{t('settings.contexts.title')}</h3>
      </div>
      <div className="settings-field">
        <ModelPicker label={t('settings.contexts.model')} value={chosen} onValueChange={(ref) => setModel(ref)} />
      </div>
      <div className="settings-field">
        <label htmlFor={`${id}tokens`}>{t('settings.contexts.tokens')}</label>
        <input
          id={`${id}tokens`}
          className="settings-input"
          inputMode="numeric"
          value={text}
          disabled={!chosen}
          placeholder={said ? String(said.tokens) : ''}
          aria-invalid={invalid || undefined}
          aria-describedby={`${id}source ${id}hint${invalid ? ` ${id}error` : ''}`}
          onChange={(event) => setText(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit();
          }}
        />
        {invalid && (
          <p id={`${id}error`} className="settings-error" role="alert">
            {t('settings.contexts.invalid', { max: numbers.format(MAX_USER_CONTEXT) })}
          </p>
        )}
        <p id={`${id}source`} className="settings-hint" data-source={userSet !== undefined ? 'user' : (said?.source ?? 'none')}>
          {userSet !== undefined && tn('settings.contexts.setByYou', userSet, { count: numbers.format(userSet) }) + ' '}
          {said
            ? tn('settings.contexts.fromServer', said.tokens, { count: numbers.format(said.tokens), source: t(`settings.contexts.source.${said.source}`) })
            : t('settings.contexts.notSaid')}
        </p>
        <p id={`${id}hint`} className="settings-hint">
          {t('settings.contexts.hint')}
        </p>
        {userSet !== undefined && chosen && (
          <Button variant="outline" size="sm" onClick={() => getContextSettings().setContext(chosen, undefined)}>
            {t('settings.contexts.clear')}
          </Button>
        )}
      </div>
    </section>
  );
}
