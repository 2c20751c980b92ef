/** Settings → Search: the SearXNG address, saved with Save (or Enter), removed with Remove, and checked with Check (the search doctor). */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { loadSearchDoctor, normalizeSearxngAddress, type SearchDiagnosis, type SearxngAddressCheck } from '../../../chat/web-search';
import { Button } from '../../../ui/button';
import { t } from '../shared/settings-text';
import { SearchDiagnosisView } from './search-diagnosis';

type Refusal = Extract<SearxngAddressCheck, { ok: false }>['reason'];

const refusalText = (reason: Refusal) => (reason === 'not-http' ? t('webSearchSettings.address.notHttp') : t('webSearchSettings.address.notUrl'));

export interface SearxngAddressFieldProps {
  /** The saved address ('' for none). */
  value: string;
  onSave(address: string): void;
}

/** What Check shows: nothing yet, a check under way, or the doctor's finding for an address. */
type CheckState = { state: 'idle' } | { state: 'checking' } | { state: 'done'; found: SearchDiagnosis };

/**
 * Typing changes nothing until Save, as Settings → Code's address. Check asks the address in the
 * field (the saved one when the field is empty) once, and says what it found; the finding stays
 * until the next Check or a change of the address.
 */
export function SearxngAddressField({ value, onSave }: SearxngAddressFieldProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const [refused, setRefused] = useState<Refusal | null>(null);
  const [check, setCheck] = useState<CheckState>({ state: 'idle' });
  const inputRef = useRef<HTMLInputElement>(null);
  const running = useRef<AbortController | undefined>(undefined);
  useEffect(() => {
    setText(value);
    setRefused(null);
  }, [value]);
  useEffect(() => () => running.current?.abort(), []);

  const save = (event: FormEvent) => {
    event.preventDefault();
    const checked = normalizeSearxngAddress(text);
    if (!checked.ok) {
      setRefused(checked.reason);
      return;
    }
    setRefused(null);
    setText(checked.address);
    onSave(checked.address);
  };
  const remove = () => {
    onSave('');
    setCheck({ state: 'idle' });
    // The Remove button goes with the address: the field is where the next action is.
    inputRef.current?.focus();
  };
  const runCheck = async () => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setCheck({ state: 'checking' });
    try {
      const { diagnoseSearxng } = await loadSearchDoctor();
      const found = await diagnoseSearxng(text.trim() || value, { signal: controller.signal });
      if (!controller.signal.aborted) setCheck({ state: 'done', found });
    } catch {
      // Aborted: a newer check or the section closing took its place. Not loaded (offline): nothing to say.
      if (!controller.signal.aborted) setCheck({ state: 'idle' });
    }
  };

  return (
    <form className="settings-field search-section__address" onSubmit={save} noValidate>
      <label htmlFor={`${id}address`}>{t('webSearchSettings.address.label')}</label>
      <input
        ref={inputRef}
        id={`${id}address`}
        className="settings-input"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="http://localhost:8888/"
        value={text}
        aria-invalid={refused !== null || undefined}
        aria-describedby={refused ? `${id}error ${id}current ${id}hint` : `${id}current ${id}hint`}
        onChange={(event) => setText(event.target.value)}
      />
      {refused && (
        <p id={`${id}error`} className="settings-error" role="alert">
          {refusalText(refused)}
        </p>
      )}
      <p id={`${id}current`} className="settings-hint search-section__current">
        {value ? t('webSearchSettings.address.current', { address: value }) : t('webSearchSettings.address.none')}
      </p>
      <p id={`${id}hint`} className="settings-hint">
        {t('webSearchSettings.address.hint')}
      </p>
      <div className="search-section__actions">
        <Button type="submit" size="sm">
          {t('webSearchSettings.address.save')}
        </Button>
        <Button size="sm" variant="outline" color="neutral" disabled={check.state === 'checking' || (text.trim() === '' && value === '')} onClick={() => void runCheck()}>
          {check.state === 'checking' ? t('webSearchSettings.address.checking') : t('webSearchSettings.address.check')}
        </Button>
        {value !== '' && (
          <Button size="sm" variant="outline" color="neutral" onClick={remove}>
            {t('webSearchSettings.address.remove')}
          </Button>
        )}
      </div>
      <SearchDiagnosisView found={check.state === 'done' ? check.found : undefined} />
    </form>
  );
}
