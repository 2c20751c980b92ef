import { useRef } from 'react';
import type { AttachmentChipState, AttachmentItemRef } from './attachment-item';
import { AttachmentChip, type PdfChipOptions } from './attachment-chip';
import { t } from './attachments-text';
import './attachments.css';

/** One chip's data, as the page derives it from the draft. */
export interface AttachmentTrayItem {
  ref: AttachmentItemRef;
  state: AttachmentChipState;
  tokens?: number;
  error?: string;
  preview?: Blob;
  pdf?: PdfChipOptions;
}

export interface AttachmentTrayProps {
  items: readonly AttachmentTrayItem[];
  onRemove: (id: string) => void;
  /**
   * Where focus goes when the last chip is removed (the composer's textarea): the chips' own
   * buttons are gone, and focus must not fall to the page's start.
   */
  onFocusEmpty?: () => void;
  locale?: string;
  className?: string;
}

const REMOVE_SELECTOR = '[data-remove]';

/**
 * The composer's attachments: a labelled list of chips that wraps onto more lines. Removing one
 * moves focus to the next chip's remove button, else the previous one, else onFocusEmpty, so a
 * keyboard user can clear several files in a row without hunting for the next.
 */
export function AttachmentTray({ items, onRemove, onFocusEmpty, locale, className }: AttachmentTrayProps) {
  const listRef = useRef<HTMLUListElement>(null);
  if (items.length === 0) return null;

  const remove = (index: number, id: string) => {
    // Focus moves before the chip goes, while its neighbours are certainly there.
    const buttons = Array.from(listRef.current?.querySelectorAll<HTMLElement>(REMOVE_SELECTOR) ?? []);
    const neighbour = buttons[index + 1] ?? buttons[index - 1];
    if (neighbour) neighbour.focus();
    else onFocusEmpty?.();
    onRemove(id);
  };

  return (
    <ul ref={listRef} role="list" className={className ? `attachment-tray ${className}` : 'attachment-tray'} aria-label={t('attachments.list')}>
      {items.map((item, index) => (
        <AttachmentChip
          key={item.ref.id}
          item={item.ref}
          state={item.state}
          tokens={item.tokens}
          error={item.error}
          preview={item.preview}
          pdf={item.pdf}
          locale={locale}
          onRemove={() => remove(index, item.ref.id)}
        />
      ))}
    </ul>
  );
}
