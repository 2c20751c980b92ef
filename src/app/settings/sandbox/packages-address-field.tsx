/** Settings → Code: the one address Python packages may be fetched from, saved with Save (or Enter), removed with Remove. */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { normalizePackagesAddress, type PackagesAddressCheck } from '../../../chat/sandbox/sandbox-settings';
import { Button } from '../../../ui/button';
import { t } from '../shared/settings-text';

/**
 * The Pyodide release the sandbox's core comes from (the `pyodide` package's version): the example
 * names its full distribution, whose packages match that core. One place to change with the package.
 */
export const PYODIDE_VERSION = '314.0.7';
export const EXAMPLE_PACKAGES_ADDRESS = `https://cdn.jsdelivr.net/pyodide/v${PYODIDE_VERSION}/full/`;

type Refusal = Extract<PackagesAddressCheck, { ok: false }>['reason'];

const refusalText = (reason: Refusal) =>
  reason === 'not-http' ? t('codeSettings.packages.notHttp') : t('codeSettings.packages.notUrl', { example: EXAMPLE_PACKAGES_ADDRESS });

export interface PackagesAddressFieldProps {
  /** The saved address ('' for none). */
  value: string;
  onSave(address: string): void;
}

/**
 * Typing changes nothing until Save: an address is a decision (the app will fetch from it), not a
 * keystroke. Saving only stores it; nothing is fetched until a run asks for a package.
 */
export function PackagesAddressField({ value, onSave }: PackagesAddressFieldProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const [refused, setRefused] = useState<Refusal | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    setText(value);
    setRefused(null);
  }, [value]);

  const save = (event: FormEvent) => {
    event.preventDefault();
    const checked = normalizePackagesAddress(text);
    if (!checked.ok) {
      setRefused(checked.reason);
      return;
    }
    setRefused(null);
    // Shown as kept (with its '/'), even when it is the one already saved.
    setText(checked.address);
    onSave(checked.address);
  };
  const remove = () => {
    onSave('');
    // The Remove button goes with the address: the field is where the next action is.
    inputRef.current?.focus();
  };

  return (
    <form className="settings-field code-section__packages" onSubmit={save} noValidate>
      <label htmlFor={`${id}address`}>
        {t('codeSettings.packages.label')}
      </label>
      <input
        ref={inputRef}
        id={`${id}address`}
        className="settings-input"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder={EXAMPLE_PACKAGES_ADDRESS}
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
      <p id={`${id}current`} className="settings-hint code-section__current" role="status">
        {value ? t('codeSettings.packages.current', { address: value }) : t('codeSettings.packages.none')}
      </p>
      <p id={`${id}hint`} className="settings-hint">
        {t('codeSettings.packages.hint')}
      </p>
      <div className="code-section__actions">
        <Button type="submit" size="sm">
          {t('codeSettings.packages.save')}
        </Button>
        {value !== '' && (
          <Button size="sm" variant="outline" color="neutral" onClick={remove}>
            {t('codeSettings.packages.remove')}
          </Button>
        )}
      </div>
    </form>
  );
}
