/**
 * The small form a saved prompt with variables opens before it is inserted: one labelled field per
 * `{{name}}`, Tab between them, Enter to the next field and from the last to insert, Escape to
 * cancel. `{{clipboard}}` is read only when the user presses Insert (the browser may ask); refused
 * or empty, the form says so and asks for it as a field instead.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { fillPrompt, promptVariables } from '../../../chat/library';
import type { LibraryPrompt } from '../../../chat/types';
import { t } from '../../../i18n';
import { Button } from '../../../ui/button';
import { bodyPreview } from './prompt-filter';

export interface PromptFormProps {
  prompt: LibraryPrompt;
  /** What Parley filled itself (date, time, the thread's selection). */
  filled: Readonly<Record<string, string>>;
  onInsert(text: string): void;
  onCancel(): void;
  /** The clipboard's text; the browser's by default (tests pass their own). */
  readClipboard?: () => Promise<string>;
}

const CLIPBOARD = 'clipboard';
/** The selection as the form quotes it back: enough to recognise it. */
const SELECTION_QUOTE_CHARS = 60;

const browserClipboard = () => {
  if (!navigator.clipboard?.readText) return Promise.reject(new Error('no clipboard'));
  return navigator.clipboard.readText();
};

const fieldLabel = (name: string) => (name === CLIPBOARD ? t('prompts.form.clipboardLabel') : name === 'selection' ? t('prompts.form.selectionLabel') : name);

export function PromptForm({ prompt, filled, onInsert, onCancel, readClipboard = browserClipboard }: PromptFormProps) {
  const id = useId();
  const variables = promptVariables(prompt.body);
  const wantsClipboard = variables.some((variable) => variable.name === CLIPBOARD) && !Object.hasOwn(filled, CLIPBOARD);
  const [clipboardRefused, setClipboardRefused] = useState(false);
  const [values, setValues] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const fields = variables.filter((variable) => !Object.hasOwn(filled, variable.name) && (variable.name !== CLIPBOARD || clipboardRefused));
  const formRef = useRef<HTMLFormElement>(null);
  const selection = filled.selection;

  useEffect(() => {
    // Typing goes on in the first field (or, with none, the Insert button is ready for Enter).
    formRef.current?.querySelector<HTMLElement>('textarea, button[type="submit"]')?.focus();
  }, []);
  useEffect(() => {
    if (clipboardRefused) formRef.current?.querySelector<HTMLElement>(`[data-variable="${CLIPBOARD}"]`)?.focus();
  }, [clipboardRefused]);

  const submit = async () => {
    const all: Record<string, string> = { ...filled, ...values };
    for (const field of fields) all[field.name] ??= '';
    if (wantsClipboard && !clipboardRefused) {
      setBusy(true);
      try {
        const text = await readClipboard();
        if (text === '') throw new Error('empty clipboard');
        all[CLIPBOARD] = text;
      } catch {
        // Never a failure: the user types (or pastes) it instead.
        setBusy(false);
        setClipboardRefused(true);
        return;
      }
    }
    onInsert(fillPrompt(prompt.body, all));
  };

  const onFieldKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>, index: number) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (index < fields.length - 1) formRef.current?.querySelectorAll<HTMLTextAreaElement>('textarea')[index + 1]?.focus();
    else void submit();
  };

  return (
    <form
      ref={formRef}
      className="prompt-form"
      aria-labelledby={`${id}title`}
      aria-describedby={fields.length > 0 ? `${id}hint` : undefined}
      data-state={busy ? 'reading' : 'idle'}
      onSubmit={(event) => {
        event.preventDefault();
        event.stopPropagation();
        void submit();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        // This Escape is the form's: nothing behind it (a streaming reply, a dialog) hears it.
        event.preventDefault();
        event.stopPropagation();
        onCancel();
      }}
    >
      <p id={`${id}title`} className="prompt-form__title">
        {t('prompts.form.title', { name: prompt.name })}
      </p>
      {selection !== undefined && variables.some((variable) => variable.name === 'selection') && (
        <p className="prompt-form__note">{t('prompts.form.selectionUsed', { text: bodyPreview(selection, SELECTION_QUOTE_CHARS) })}</p>
      )}
      {wantsClipboard && !clipboardRefused && <p className="prompt-form__note">{t('prompts.form.clipboard')}</p>}
      {fields.map((field, index) => (
        <div key={field.name} className="prompt-form__field">
          <label htmlFor={`${id}-${index}`}>{fieldLabel(field.name)}</label>
          {field.name === CLIPBOARD && (
            <p id={`${id}-${index}note`} className="prompt-form__note" role="alert">
              {t('prompts.form.clipboardRefused')}
            </p>
          )}
          {field.name === 'selection' && (
            <p id={`${id}-${index}note`} className="prompt-form__note">
              {t('prompts.form.selectionHint')}
            </p>
          )}
          <textarea
            id={`${id}-${index}`}
            className="prompt-form__input"
            data-variable={field.name}
            rows={1}
            value={values[field.name] ?? ''}
            aria-describedby={field.builtIn ? `${id}-${index}note` : undefined}
            onChange={(event) => setValues((current) => ({ ...current, [field.name]: event.target.value }))}
            onKeyDown={(event) => onFieldKeyDown(event, index)}
          />
        </div>
      ))}
      {fields.length > 0 && (
        <p id={`${id}hint`} className="prompt-form__hint">
          {t('prompts.form.hint')}
        </p>
      )}
      <div className="prompt-form__actions">
        <Button type="button" variant="ghost" color="neutral" size="sm" onClick={onCancel}>
          {t('prompts.form.cancel')}
        </Button>
        <Button type="submit" size="sm" disabled={busy}>
          {t('prompts.form.insert')}
        </Button>
      </div>
    </form>
  );
}

