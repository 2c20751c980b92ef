import { isolatedName } from '../../lib/bidi-controls';
import { useRef, type KeyboardEvent } from 'react';
import { Button } from '../button';
import { Dialog, type FocusFallback } from '../dialog';
import type { AttachmentItemRef } from './attachment-item';
import { t } from './attachments-text';
import { BidiName } from './file-name';
import { useObjectUrl } from './use-object-url';
import './attachments.css';
import './image-thumbnails.css';

export const PREVIOUS_ICON = 'lucide:chevron-left';
export const NEXT_ICON = 'lucide:chevron-right';

export interface ImageViewerProps {
  images: readonly AttachmentItemRef[];
  blobs: ReadonlyMap<string, Blob>;
  /** The image shown; null: closed. */
  index: number | null;
  /** Another image, or null to close. */
  onIndexChange: (index: number | null) => void;
  /** Where focus goes on close when the opener cannot take it back. */
  focusFallback?: FocusFallback;
}

/** Wraps around: after the last image comes the first, as in every photo viewer. */
const step = (index: number, by: number, count: number) => (index + by + count) % count;

/**
 * A message's images at full size in a modal dialog: the name as its title, the picture fitted
 * to the viewport, Escape or Close to leave (focus goes back to the thumbnail), and ← → or the
 * buttons to move between the message's images when there are several.
 */
export function ImageViewer({ images, blobs, index, onIndexChange, focusFallback }: ImageViewerProps) {
  const open = index !== null && index < images.length;
  const image = open ? images[index] : undefined;
  const url = useObjectUrl(image ? blobs.get(image.id) : undefined);
  const several = images.length > 1;
  const stageRef = useRef<HTMLDivElement>(null);

  const go = (by: number) => {
    if (index !== null && several) onIndexChange(step(index, by, images.length));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (!several || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
    else return;
    event.preventDefault();
  };

  return (
    <Dialog
      className="image-viewer"
      size="lg"
      open={open}
      onOpenChange={(next) => {
        if (!next) onIndexChange(null);
      }}
      title={image ? <BidiName name={image.name} /> : ''}
      focusFallback={focusFallback}
      // The picture's stage, not a button: an icon button would show its tooltip, and the first
      // Escape would close that instead of the viewer. The arrows and Escape work from here.
      initialFocus={stageRef}
      onKeyDown={onKeyDown}
      footer={
        several && index !== null ? (
          <div className="image-viewer__nav-row">
            <Button className="image-viewer__nav" icon={PREVIOUS_ICON} label={t('attachments.viewer.previous')} variant="outline" color="neutral" onClick={() => go(-1)} />
            <span className="image-viewer__position" aria-live="polite">
              {t('attachments.viewer.position', { index: index + 1, total: images.length })}
            </span>
            <Button className="image-viewer__nav" icon={NEXT_ICON} label={t('attachments.viewer.next')} variant="outline" color="neutral" onClick={() => go(1)} />
          </div>
        ) : undefined
      }
    >
      {image && (
        <div ref={stageRef} className="image-viewer__stage" tabIndex={-1} data-state={url ? 'loaded' : 'loading'}>
          {url && <img className="image-viewer__image" src={url} alt={isolatedName(image.name)} width={image.width} height={image.height} />}
        </div>
      )}
    </Dialog>
  );
}
