import { isolatedName } from '../../lib/bidi-controls';
import { useId, type Ref } from 'react';
import { formatBytes } from '../../lib/format-bytes';
import { Button } from '../button';
import { Icon } from '../icon';
import type { AttachmentChipState, AttachmentItemKind, AttachmentItemRef } from './attachment-item';
import { t } from './attachments-text';
import './attachments.css';
import { FileName } from './file-name';
import { useObjectUrl } from './use-object-url';
import { tn } from '../../i18n/plural';

export const KIND_ICONS: Readonly<Record<AttachmentItemKind, string>> = {
  image: 'lucide:image',
  text: 'lucide:file-text',
  pdf: 'lucide:file',
};
export const REMOVE_ICON = 'lucide:x';
const SPINNER_ICON = 'lucide:loader-circle';
const ERROR_ICON = 'lucide:triangle-alert';

/** PDF-only facts and the pages-as-images choice; absent for other kinds. */
export interface PdfChipOptions {
  /** False for a scan: the chip says so instead of sending nothing. Unknown while processing. */
  hasTextLayer?: boolean;
  /** Offer "Send pages as images" (the model accepts images). */
  canSendAsImages?: boolean;
  asImages?: boolean;
  onAsImagesChange?: (asImages: boolean) => void;
}

export interface AttachmentChipProps {
  item: AttachmentItemRef;
  state: AttachmentChipState;
  /** Estimated tokens; shown once known. */
  tokens?: number;
  /** The sentence shown in the error state (attachmentErrorText). */
  error?: string;
  /** An image's bytes for the preview; the kind's icon shows until they arrive. */
  preview?: Blob;
  pdf?: PdfChipOptions;
  onRemove: () => void;
  removeRef?: Ref<HTMLButtonElement & HTMLAnchorElement>;
  locale?: string;
}

const numbers = new Map<string, Intl.NumberFormat>();
const formatCount = (count: number, locale?: string) => {
  let format = numbers.get(locale ?? '');
  if (!format) numbers.set(locale ?? '', (format = new Intl.NumberFormat(locale)));
  return format.format(count);
};

/** One file in the composer: what it is, how big, what it will cost, and a way to take it back. */
export function AttachmentChip({ item, state, tokens, error, preview, pdf, onRemove, removeRef, locale }: AttachmentChipProps) {
  const errorId = useId();
  const previewUrl = useObjectUrl(item.kind === 'image' ? preview : undefined);
  const showError = state === 'error' && error;
  return (
    <li className="attachment-chip" data-state={state} data-kind={item.kind}>
      <span className="attachment-chip__preview">
        {previewUrl ? (
          // Decorative: the name beside it says what it is.
          <img className="attachment-chip__thumb" src={previewUrl} alt="" />
        ) : (
          <Icon name={state === 'error' ? ERROR_ICON : KIND_ICONS[item.kind]} />
        )}
      </span>
      <span className="attachment-chip__body">
        <FileName className="attachment-chip__name" name={item.name} />
        <span className="attachment-chip__meta">
          <span>{formatBytes(item.size, locale)}</span>
          {tokens !== undefined && state === 'ready' && (
            <span title={t('attachments.tokensHint')}>{tn('attachments.tokens', tokens, { count: formatCount(tokens, locale) })}</span>
          )}
        </span>
        {pdf?.hasTextLayer === false && state === 'ready' && (
          <span className="attachment-chip__notice">{t('attachments.pdf.noTextLayer')}</span>
        )}
        {pdf?.canSendAsImages && state === 'ready' && (
          <label className="attachment-chip__option">
            <input
              type="checkbox"
              checked={pdf.asImages ?? false}
              onChange={(event) => pdf.onAsImagesChange?.(event.currentTarget.checked)}
            />
            {t('attachments.pdf.asImages')}
          </label>
        )}
        {showError && (
          <span id={errorId} className="attachment-chip__error" role="alert">
            {error}
          </span>
        )}
      </span>
      {state === 'processing' && (
        <span className="attachment-chip__progress" role="progressbar" aria-label={t('attachments.preparing', { name: isolatedName(item.name) })}>
          <Icon name={SPINNER_ICON} className="attachment-chip__spinner" />
        </span>
      )}
      <Button
        ref={removeRef}
        className="attachment-chip__remove"
        data-remove=""
        icon={REMOVE_ICON}
        label={t('attachments.remove', { name: isolatedName(item.name) })}
        aria-describedby={showError ? errorId : undefined}
        variant="ghost"
        color="neutral"
        size="sm"
        onClick={onRemove}
      />
    </li>
  );
}
