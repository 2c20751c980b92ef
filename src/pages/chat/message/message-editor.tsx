import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { t } from '../chat-text';
import { Button } from '../../../ui/button';
import { useCompositionGuard } from '../../../ui/composer';

/** The editor opens at least this tall, so it reads as a text box rather than a line. */
export const EDITOR_MIN_ROWS = 2;
/** Past this many lines the editor scrolls instead of pushing the thread away. */
export const EDITOR_MAX_ROWS = 12;

export interface MessageEditorProps {
  initialText: string;
  /** Called with the edited text (empty only when canSaveEmpty). */
  onSave(text: string): void;
  onCancel(): void;
  /** The message's files as chips, above the text; `focusText` is where focus goes when the last one goes. */
  files?: (focusText: () => void) => ReactNode;
  /** Files are kept: the new version may have no text. */
  canSaveEmpty?: boolean;
}

/**
 * Edits a sent message in place: Enter (or "Save and send") sends the new version as a
 * branch, Shift+Enter adds a line, Escape cancels. Focus starts in the text, at its end.
 */
export function MessageEditor({ initialText, onSave, onCancel, files, canSaveEmpty = false }: MessageEditorProps) {
  const [text, setText] = useState(initialText);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const composition = useCompositionGuard();
  const labelId = useId();
  const canSave = text.trim() !== '' || canSaveEmpty;

  useLayoutEffect(() => {
    const textarea = textareaRef.current;
    if (!textarea) return;
    textarea.focus();
    textarea.setSelectionRange(textarea.value.length, textarea.value.length);
  }, []);

  const save = () => {
    if (canSave) onSave(text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    } else if (event.key === 'Enter' && !event.shiftKey && !composition.isComposing(event)) {
      event.preventDefault();
      save();
    }
  };

  return (
    <form
      className="message-editor"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <span id={labelId} className="visually-hidden">
        {t('chat.edit.label')}
      </span>
      {files?.(() => textareaRef.current?.focus())}
      <textarea
        ref={textareaRef}
        className="message-editor__input"
        dir="auto"
        aria-labelledby={labelId}
        value={text}
        rows={Math.min(Math.max(text.split('\n').length, EDITOR_MIN_ROWS), EDITOR_MAX_ROWS)}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        {...composition.handlers}
      />
      <div className="message-editor__actions">
        <Button size="sm" variant="ghost" color="neutral" onClick={onCancel}>
          {t('chat.edit.cancel')}
        </Button>
        <Button size="sm" type="submit" aria-disabled={!canSave || undefined}>
          {t('chat.edit.save')}
        </Button>
      </div>
    </form>
  );
}
