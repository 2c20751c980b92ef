import { useId, type Ref } from 'react';
import { isolatedName } from '../../lib/bidi-controls';
import type { ImportPreview, SkipReason } from '../../chat/import';
import { Button } from '../../ui/button';
import { formatName } from './import-error-text';
import { t } from './import-text';
import { tn } from '../../i18n/plural';

/**
 * What an import would add, before anything is written: the format, the chats and messages
 * found, their dates, the chats already here (left out) and the parts skipped, with why.
 */

export interface ImportPreviewViewProps {
  preview: ImportPreview;
  formatDate(ms: number): string;
  onImport(): void;
  onCancel(): void;
  /** The Import button (focus goes there when the preview appears), or the heading when there is nothing to import. */
  focusRef?: Ref<HTMLButtonElement & HTMLAnchorElement>;
  headingRef?: Ref<HTMLHeadingElement>;
  /** Under the section's heading: h4 in Settings → Data (an h3), h3 in the import dialog (an h2). */
  headingLevel: 3 | 4;
}

function skippedWhy(why: ImportPreview['skipped']['why']): string {
  return (Object.entries(why) as [SkipReason, number][])
    .filter(([, count]) => count > 0)
    .map(([reason, count]) => tn(`import.skipped.${reason}`, count))
    .join(', ');
}

export function ImportPreviewView({ preview, formatDate, onImport, onCancel, focusRef, headingRef, headingLevel }: ImportPreviewViewProps) {
  const id = useId();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const nothingNew = preview.toImport.chats === 0 && preview.projects.names.length === 0;
  const format = preview.formats.map(formatName).join(', ');
  return (
    <section className="import-preview" aria-labelledby={`${id}title`} data-state={nothingNew ? 'nothing-new' : 'ready'}>
      <Heading id={`${id}title`} ref={headingRef} tabIndex={-1} className="import-preview__title">
        {t('import.ui.previewTitle', { format })}
      </Heading>
      <ul id={`${id}facts`} className="import-preview__facts">
        <li>{t('import.ui.found', { chats: tn('count.chats', preview.chats), messages: tn('count.messages', preview.messages) })}</li>
        {preview.dateRange && <li>{t('import.ui.dates', { from: formatDate(preview.dateRange.from), to: formatDate(preview.dateRange.to) })}</li>}
        {preview.existing > 0 && <li data-fact="existing">{tn('import.ui.existing', preview.existing)}</li>}
        {preview.skipped.count > 0 && <li data-fact="skipped">{tn('import.ui.skipped', preview.skipped.count, { why: skippedWhy(preview.skipped.why) })}</li>}
        {preview.projects.names.length > 0 && <li data-fact="projects">{t('importProjects.preview.names', { names: preview.projects.names.map((name) => `“${isolatedName(name)}”`).join(', ') })}</li>}
        {preview.projects.existing > 0 && <li data-fact="projects-existing">{tn('importProjects.preview.existing', preview.projects.existing)}</li>}
        {nothingNew ? (
          <li data-fact="new">{t('import.ui.nothingNew')}</li>
        ) : (
          <li data-fact="new">{t('import.ui.new', { chats: tn('count.chats', preview.toImport.chats), messages: tn('count.messages', preview.toImport.messages), files: tn('count.picturesAndFiles', preview.toImport.attachments) })}</li>
        )}
      </ul>
      <div className="import-panel__actions">
        {!nothingNew && (
          <Button ref={focusRef} icon="lucide:download" aria-describedby={`${id}facts`} onClick={onImport}>
            {t('import.ui.action')}
          </Button>
        )}
        <Button variant="outline" color="neutral" onClick={onCancel}>
          {t('import.ui.cancel')}
        </Button>
      </div>
    </section>
  );
}
