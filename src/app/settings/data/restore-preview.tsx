import { useId, useState } from 'react';
import type { PlannedConnection, RestorePreview } from '../../../chat/backup';
import { Button } from '../../../ui/button';
import { baseUrlErrorText } from '../shared/base-url-error';
import { restoreLibraryLines } from './restore-library-lines';
import { tn } from '../../../i18n/plural';
import { t } from '../shared/settings-text';

/**
 * What a restore would add, shown before anything is written (issue 20): the chats, messages,
 * files and settings, and each connection with its address and whether it carries a key. A
 * connection is added, and so contacted, only if the user ticks its address here.
 */

export interface RestorePreviewProps {
  fileName: string;
  preview: RestorePreview;
  /** The connections whose address the user confirmed, as positions in the plan's list. */
  onApply(confirmed: ReadonlySet<number>): void;
  onCancel(): void;
}

function ConnectionLine({ planned, checked, onToggle }: { planned: PlannedConnection; checked: boolean; onToggle(on: boolean): void }) {
  const id = useId();
  if (planned.action === 'refused') {
    return <li data-state="refused">{t('data.restore.preview.refused', { name: planned.name, address: planned.address, reason: baseUrlErrorText(planned.reason!) })}</li>;
  }
  if (planned.action === 'already-here') return <li data-state="already-here">{t('data.restore.preview.alreadyHere', { name: planned.name, address: planned.address })}</li>;
  return (
    <li data-state={checked ? 'confirmed' : 'unconfirmed'}>
      <label className="settings-check">
        <input type="checkbox" checked={checked} aria-describedby={`${id}key`} onChange={(event) => onToggle(event.target.checked)} />
        {t('data.restore.preview.connect', { name: planned.name, address: planned.address })}
      </label>
      <p id={`${id}key`} className="settings-hint">
        {planned.hasKey ? t('data.restore.preview.withKey') : t('data.restore.preview.withoutKey')}
      </p>
    </li>
  );
}

/** Dates in the preview: the day is what a person recognises a backup by. */
const PREVIEW_DATE = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const madeOn = (exportedAt: string) => {
  const at = Date.parse(exportedAt);
  return Number.isNaN(at) ? '?' : PREVIEW_DATE.format(at);
};

/** The days its chats were started: one date when the first and the last share a day ("from Nov 29 to Nov 29" reads as a mistake). */
export function datesLine(dates: { from: number; to: number }, made: string): string {
  const from = PREVIEW_DATE.format(dates.from);
  const to = PREVIEW_DATE.format(dates.to);
  return from === to ? t('data.restore.preview.oneDay', { day: from, made }) : t('data.restore.preview.dates', { from, to, made });
}

export function RestorePreviewView({ fileName, preview, onApply, onCancel }: RestorePreviewProps) {
  const id = useId();
  const [confirmed, setConfirmed] = useState<ReadonlySet<number>>(new Set());
  const { counts, plan } = preview;
  const toggle = (index: number, on: boolean) =>
    setConfirmed((current) => {
      const next = new Set(current);
      if (on) next.add(index);
      else next.delete(index);
      return next;
    });
  const libraryLines = restoreLibraryLines(preview.library, 'preview');
  return (
    <div className="data-preview" role="group" aria-labelledby={`${id}title`} data-state="preview">
      <p id={`${id}title`} className="data-label">
        {t('data.restore.preview.title', { file: fileName })}
      </p>
      {/* A backup of the library alone says what it brings, not "0 chats". */}
      {(counts.chats > 0 || counts.existing > 0 || libraryLines.length === 0) && (
        <p className="settings-hint">
          {t('data.restore.preview.chats', { chats: tn('count.chats', counts.chats), messages: tn('count.messages', counts.messages), files: tn('count.files', counts.attachments) })}
        </p>
      )}
      {preview.dates && (
        <p className="settings-hint">
          {datesLine(preview.dates, madeOn(preview.exportedAt))}
        </p>
      )}
      {counts.copies > 0 && <p className="settings-hint">{tn('data.restore.preview.copies', counts.copies)}</p>}
      {counts.existing > 0 && <p className="settings-hint">{tn('data.restore.preview.existing', counts.existing)}</p>}
      {counts.settings > 0 && <p className="settings-hint">{tn('data.restore.preview.settings', counts.settings)}</p>}
      {libraryLines.map((line) => (
        <p key={line} className="settings-hint" data-part="library">
          {line}
        </p>
      ))}
      {plan.connections.length > 0 && (
        <fieldset className="data-connections">
          <legend className="data-label">{t('data.restore.preview.connections')}</legend>
          <p className="settings-hint">{t('data.restore.preview.connectionsHint')}</p>
          <ul>
            {plan.connections.map((planned, index) => (
              <ConnectionLine key={index} planned={planned} checked={confirmed.has(index)} onToggle={(on) => toggle(index, on)} />
            ))}
          </ul>
        </fieldset>
      )}
      <div className="data-actions">
        <Button icon="lucide:archive-restore" onClick={() => onApply(confirmed)}>
          {t('data.restore.preview.apply')}
        </Button>
        <Button variant="outline" onClick={onCancel}>
          {t('data.restore.preview.cancel')}
        </Button>
      </div>
    </div>
  );
}
