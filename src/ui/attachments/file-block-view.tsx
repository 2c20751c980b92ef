import { formatBytes } from '../../lib/format-bytes';
import { Icon } from '../icon';
import type { AttachmentItemKind } from './attachment-item';
import { t } from './attachments-text';
import { KIND_ICONS } from './attachment-chip';
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
}

const pagesText = (count: number) => tn('attachments.pdf.pages', count);

/**
 * A text file or a PDF's text in the thread: collapsed under "name · size" so a long file does
 * not bury the conversation, and open on demand as plain preformatted text (React puts it in a
 * text node: a file of HTML shows its tags, it is never parsed).
 */
export function FileBlockView({ name, size, kind = 'text', text, pageCount, truncated, encodingWarning, locale, defaultOpen, className }: FileBlockViewProps) {
  const summary =
    kind === 'pdf' && pageCount !== undefined
      ? t('attachments.file.summaryPages', { name, size: formatBytes(size, locale), pages: pagesText(pageCount) })
      : t('attachments.file.summary', { name, size: formatBytes(size, locale) });
  return (
    <details className={className ? `file-block ${className}` : 'file-block'} data-kind={kind} open={defaultOpen}>
      <summary className="file-block__summary">
        <Icon name={KIND_ICONS[kind]} className="file-block__icon" />
        <span className="file-block__title">{summary}</span>
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
}
