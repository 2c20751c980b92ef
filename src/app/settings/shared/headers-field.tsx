import { useId, useRef, useState } from 'react';
import { headerError } from '../../../chat/connections';
import { t } from './settings-text';
import { Button } from '../../../ui/button';

export interface HeaderRow {
  key: number;
  name: string;
  value: string;
}

export function rowsFrom(headers: Readonly<Record<string, string>> | undefined): HeaderRow[] {
  return Object.entries(headers ?? {}).map(([name, value], index) => ({ key: index, name, value }));
}

/** The headers to send: rows with a valid name (an empty row is still being written). */
export function headersFrom(rows: readonly HeaderRow[]): Record<string, string> | undefined {
  const valid = rows.filter((row) => row.name.trim() !== '' && headerError(row.name, row.value) === undefined);
  return valid.length > 0 ? Object.fromEntries(valid.map((row) => [row.name.trim(), row.value.trim()])) : undefined;
}

export interface HeadersFieldProps {
  initial: Readonly<Record<string, string>> | undefined;
  /** Called with the valid headers after every edit. */
  onChange(headers: Record<string, string> | undefined): void;
  /** When focus leaves one of the rows' fields: the moment to save. */
  onBlur?: () => void;
}

/** Extra request headers as name/value rows, each removable; a name fetch would refuse is flagged, not sent. */
export function HeadersField({ initial, onChange, onBlur }: HeadersFieldProps) {
  const baseId = useId();
  const [rows, setRows] = useState<HeaderRow[]>(() => rowsFrom(initial));
  const nextKey = useRef(rows.length);
  const focusKey = useRef<number | null>(null);
  const addRef = useRef<HTMLButtonElement & HTMLAnchorElement>(null);

  const commit = (next: HeaderRow[]) => {
    setRows(next);
    onChange(headersFrom(next));
  };
  const edit = (key: number, patch: Partial<HeaderRow>) => commit(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const add = () => {
    focusKey.current = nextKey.current;
    commit([...rows, { key: nextKey.current++, name: '', value: '' }]);
  };
  const remove = (key: number) => {
    commit(rows.filter((row) => row.key !== key));
    addRef.current?.focus();
    onBlur?.();
  };

  return (
    <fieldset className="settings-field headers-field" onBlur={onBlur}>
      <legend>{t('settings.headers.label')}</legend>
      <p className="settings-hint">{t('settings.headers.hint')}</p>
      {rows.length > 0 && (
        <ul className="headers-field__rows">
          {rows.map((row, index) => {
            const problem = row.name.trim() === '' ? undefined : headerError(row.name, row.value);
            const errorId = `${baseId}${row.key}error`;
            const n = index + 1;
            return (
              <li key={row.key} className="headers-field__row">
                <input
                  ref={(element) => {
                    if (element && focusKey.current === row.key) {
                      focusKey.current = null;
                      element.focus();
                    }
                  }}
                  className="settings-input"
                  aria-label={t('settings.headers.name', { n })}
                  placeholder={t('settings.headers.namePlaceholder')}
                  value={row.name}
                  onChange={(event) => edit(row.key, { name: event.target.value })}
                  autoComplete="off"
                  spellCheck={false}
                  aria-invalid={problem === 'name' || undefined}
                  aria-describedby={problem ? errorId : undefined}
                />
                <input
                  className="settings-input"
                  aria-label={t('settings.headers.value', { n })}
                  placeholder={t('settings.headers.valuePlaceholder')}
                  value={row.value}
                  onChange={(event) => edit(row.key, { value: event.target.value })}
                  autoComplete="off"
                  spellCheck={false}
                  aria-invalid={problem === 'value' || undefined}
                  aria-describedby={problem ? errorId : undefined}
                />
                <Button
                  icon="lucide:x"
                  label={t('settings.headers.remove', { n })}
                  variant="ghost"
                  color="neutral"
                  size="sm"
                  onClick={() => remove(row.key)}
                />
                {problem && (
                  <p id={errorId} className="settings-error">
                    {problem === 'name' ? t('settings.headers.badName') : t('settings.headers.badValue')}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <Button ref={addRef} variant="outline" color="neutral" size="sm" icon="lucide:plus" onClick={add}>
        {t('settings.headers.add')}
      </Button>
    </fieldset>
  );
}
