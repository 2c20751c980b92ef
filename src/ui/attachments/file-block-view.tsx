import { formatBytes } from '../../lib/format-bytes';
import { isolatedName } from '../../lib/bidi-controls';
import { Button } from '../button';
import { Icon } from '../icon';
import type { AttachmentItemKind } from './attachment-item';
import { t } from './attachments-text';
import { KIND_ICONS } from './attachment-chip';
import { BidiName } from './file-name';
import './file-block-view.css';
import { tn } from '../../i18n/plural';

export interface FileBlockViewProps {
  name: string;
  /** Bytes, as stored. */
  size: number;
  kind?: Exclude<AttachmentItemKind, 'image'>;
  /** The file's text, shown as it is: plain text, never markup. */
  text: string;
  /** PDFs: how many pages. */
  pageCount?: number;
  truncated?: boolean;
  encodingWarning?: boolean;
  locale?: string;
  /** Starts expanded (a search result pointing into the file, say). */
  defaultOpen?: boolean;
  className?: string;
  /** Offers "Open" beside the summary: the file read in a dialog with Copy and Download. */
  onOpen?: () => void;
}

/** Where the name goes in the translated summary: it is put there as an isolated element, not as text. */
const NAME_SLOT = '\uFFFC';

const pagesText = (count: number) => tn('attachments.pdf.pages', count);

/**
 * A text file or a PDF's text in the thread: collapsed under "name · size" so a long file does
 * not bury the conversation, and open on demand as plain preformatted text (React puts it in a
 * text node: a file of HTML shows its tags, it is never parsed).
 */
export function FileBlockView({ name, size, kind = 'text', text, pageCount, truncated, encodingWarning, locale, defaultOpen, className, onOpen }: FileBlockViewProps) {
  const summary =
    kind === 'pdf' && pageCount !== undefined
      ? t('attachments.file.summaryPages', { name: NAME_SLOT, size: formatBytes(size, locale), pages: pagesText(pageCount) })
      : t('attachments.file.summary', { name: NAME_SLOT, size: formatBytes(size, locale) });
  const [before = '', after = ''] = summary.split(NAME_SLOT);
  const block = (
    <details className={className ? `file-block ${className}` : 'file-block'} data-kind={kind} open={defaultOpen}>
      <summary className="file-block__summary">
        <Icon name={KIND_ICONS[kind]} className="file-block__icon" />
        <span className="file-block__title">
          {before}
          <BidiName className="file-block__name" name={name} />
          {after}
        </span>
      </summary>
      {(truncated || encodingWarning) && (
        <div className="file-block__notes">
          {truncated && <p className="file-block__note">{t('attachments.file.truncated')}</p>}
          {encodingWarning && <p className="file-block__note">{t('attachments.file.encoding')}</p>}
        </div>
      )}
      <pre className="file-block__text" tabIndex={0}>
        {text}
      </pre>
    </details>
  );
  if (!onOpen) return block;
  return (
    <div className="file-block-row">
      {block}
      <Button className="file-block__open" size="sm" variant="ghost" color="neutral" icon="lucide:maximize-2" label={t('attachments.file.open', { name: isolatedName(name) })} onClick={onOpen} />
    </div>
  );
}
