/**
 * A compaction marker in the thread (issue 24): what it covers and the tokens saved, a
 * disclosure with the summary (plain text, never HTML), Edit, Undo and Redo.
 */
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { getChatStore, type Message } from '../../../chat';
import { Button } from '../../../ui/button';
import { Icon } from '../../../ui/icon';
import { t } from '../chat-text';
import { tn } from '../../../i18n/plural';
import { DISCLOSURE_ICON } from '../message/reasoning-block';
import './compaction.css';

export const MARKER_ICON = 'lucide:fold-vertical';
const EDIT_ICON = 'lucide:pencil';
const UNDO_ICON = 'lucide:undo-2';
const REDO_ICON = 'lucide:redo-2';

/** Rows the editor opens with at least, and scrolls past. */
const EDITOR_MIN_ROWS = 4;
const EDITOR_MAX_ROWS = 16;

const numbers = new Intl.NumberFormat();

/** "12 messages summarised · 8,400 → 610 tokens", or what a drop left out. */
export function markerHeadline(message: Message): string {
  const { mode, covered, tokensBefore, tokensAfter } = message.compaction!;
  const values = { count: numbers.format(covered), before: numbers.format(tokensBefore), after: numbers.format(tokensAfter) };
  return tn(mode === 'drop' ? 'compaction.marker.dropped' : 'compaction.marker.summary', covered, values);
}

function SummaryEditor({ text, onSave, onCancel }: { text: string; onSave(text: string): void; onCancel(): void }) {
  const [value, setValue] = useState(text);
  const ref = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();
  useLayoutEffect(() => ref.current?.focus(), []);
  const canSave = value.trim() !== '';
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && canSave) {
      event.preventDefault();
      onSave(value);
    }
  };
  return (
    <form
      className="message-editor"
      onSubmit={(event) => {
        event.preventDefault();
        if (canSave) onSave(value);
      }}
    >
      <textarea
        ref={ref}
        className="message-editor__input"
        aria-label={t('compaction.marker.editLabel')}
        aria-describedby={hintId}
        value={value}
        rows={Math.min(Math.max(value.split('\n').length, EDITOR_MIN_ROWS), EDITOR_MAX_ROWS)}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <p id={hintId} className="compaction__hint">
        {t('compaction.marker.editHint')}
      </p>
      <div className="compaction__actions">
        <Button size="sm" variant="ghost" color="neutral" onClick={onCancel}>
          {t('compaction.marker.cancel')}
        </Button>
        <Button size="sm" type="submit" aria-disabled={!canSave || undefined}>
          {t('compaction.marker.save')}
        </Button>
      </div>
    </form>
  );
}

export function CompactionMarker({ message }: { message: Message }) {
  const compaction = message.compaction!;
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const editRef = useRef<HTMLButtonElement & HTMLAnchorElement>(null);
  const undoRef = useRef<HTMLButtonElement & HTMLAnchorElement>(null);
  const hasSummary = compaction.mode === 'summary' && message.content !== '';
  const state = compaction.undone ? 'undone' : editing ? 'editing' : 'active';

  const actions = () => getChatStore().compaction();
  const save = (text: string) => {
    setEditing(false);
    void actions().then((a) => a.editSummary(message.id, text));
    requestAnimationFrame(() => editRef.current?.focus());
  };
  const cancel = () => {
    setEditing(false);
    requestAnimationFrame(() => editRef.current?.focus());
  };
  const toggleUndone = () => void actions().then((a) => a.setUndone(message.id, !compaction.undone));

  return (
    <div className="thread__item" role="listitem" data-role="compaction" data-message-id={message.id}>
      <section className="compaction" data-state={state} data-mode={compaction.mode} aria-label={t('compaction.marker.label')}>
        <p className="compaction__headline">
          <Icon name={MARKER_ICON} className="compaction__icon" />
          <span>{markerHeadline(message)}</span>
        </p>
        {(compaction.automatic || compaction.edited || compaction.undone) && (
          <p className="compaction__notes">
            {[compaction.undone && t('compaction.marker.undone'), compaction.automatic && t('compaction.marker.automatic'), compaction.edited && t('compaction.marker.edited')]
              .filter(Boolean)
              .join(' · ')}
          </p>
        )}
        {editing ? (
          <SummaryEditor text={message.content} onSave={save} onCancel={cancel} />
        ) : (
          hasSummary && (
            <details className="reasoning compaction__details" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
              <summary className="reasoning__summary">
                <span>{t('compaction.marker.show')}</span>
                <Icon name={DISCLOSURE_ICON} className="reasoning__chevron" />
              </summary>
              <div className="reasoning__text compaction__text" data-format="plain">
                {message.content}
              </div>
            </details>
          )
        )}
        {!editing && (
          <div className="compaction__actions" role="group" aria-label={t('compaction.marker.label')}>
            {hasSummary && !compaction.undone && (
              <Button size="sm" variant="ghost" color="neutral" ref={editRef} icon={EDIT_ICON} onClick={() => setEditing(true)}>
                {t('compaction.marker.edit')}
              </Button>
            )}
            <Button size="sm" variant="ghost" color="neutral" ref={undoRef} icon={compaction.undone ? REDO_ICON : UNDO_ICON} onClick={toggleUndone}>
              {compaction.undone ? t('compaction.marker.redo') : t('compaction.marker.undo')}
            </Button>
          </div>
        )}
      </section>
    </div>
  );
}
