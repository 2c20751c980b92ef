// Settings → Connections: how many requests a connection takes at once (issue 38), or Automatic.
import { useEffect, useId, useRef, useState } from 'react';
import { getConnectionsStore, type Connection } from '../../../chat/connections';
import { automaticPacing, MAX_SET_CONCURRENT } from '../../../chat/connections/connection-pacing';
import { Button } from '../../../ui/button';
import { t } from '../shared/settings-text';

/** A whole number from 1 to the most a user may set; undefined for anything else. */
export function parseRequestsAtOnce(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= 1 && value <= MAX_SET_CONCURRENT ? value : undefined;
}

/**
 * Empty is Automatic (the server's slots, else one for a local server and all for a cloud one:
 * the hint says which, for this connection, by the rules the pacing uses). A number saves when
 * the field is left or Enter is pressed; one that is not a whole number from 1 to 16 is flagged
 * and not saved.
 */
export function RequestsAtOnceField({ connection }: { connection: Connection }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const set = connection.maxConcurrent;
  const [text, setText] = useState(set === undefined ? '' : String(set));
  const [invalid, setInvalid] = useState(false);
  // Another tab, a restore or Use Automatic changed it: the field follows.
  useEffect(() => {
    setText(set === undefined ? '' : String(set));
    setInvalid(false);
  }, [set]);

  const save = (value: number | undefined) => getConnectionsStore().update(connection.id, { maxConcurrent: value });
  const commit = () => {
    if (text.trim() === '') {
      setInvalid(false);
      if (set !== undefined) save(undefined);
      return;
    }
    const value = parseRequestsAtOnce(text);
    setInvalid(value === undefined);
    if (value !== undefined && value !== set) save(value);
  };

  return (
    <div className="settings-field">
      <label htmlFor={`${id}max`}>{t('settings.concurrent.label')}</label>
      <input
        id={`${id}max`}
        ref={input}
        className="settings-input"
        inputMode="numeric"
        autoComplete="off"
        value={text}
        placeholder={t('settings.concurrent.placeholder')}
        aria-invalid={invalid || undefined}
        aria-describedby={`${invalid ? `${id}error ` : ''}${id}auto ${id}hint`}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
      />
      {invalid && (
        <p id={`${id}error`} className="settings-error" role="alert">
          {t('settings.concurrent.invalid', { max: MAX_SET_CONCURRENT })}
        </p>
      )}
      <p id={`${id}auto`} className="settings-hint" data-automatic={automaticPacing(connection)}>
        {t(`settings.concurrent.auto.${automaticPacing(connection)}`)}
      </p>
      <p id={`${id}hint`} className="settings-hint">
        {t('settings.concurrent.hint', { max: MAX_SET_CONCURRENT })}
      </p>
      {set !== undefined && (
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            save(undefined);
            // The button goes with the number: the field, now Automatic, is where the next action is.
            input.current?.focus();
          }}
        >
          {t('settings.concurrent.automatic')}
        </Button>
      )}
    </div>
  );
}
