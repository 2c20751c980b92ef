import { isolatedName } from '../../lib/bidi-controls';
import { useEffect, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { downloadFile } from '../../lib/download-file';
import { Button } from '../button';
import { Dialog, type FocusFallback } from '../dialog';
import type { AttachmentItemRef } from './attachment-item';
import { t } from './attachments-text';
import { BidiName } from './file-name';
import { useObjectUrl } from './use-object-url';
import { useViewerGestures, viewerBox } from './use-viewer-gestures';
import { FITTED, MIN_ZOOM, panBy, realZoomPercent, zoomAt, ZOOM_STEP, type ZoomState } from './viewer-zoom';
import './attachments.css';
import './image-thumbnails.css';

export const PREVIOUS_ICON = 'lucide:chevron-left';
export const NEXT_ICON = 'lucide:chevron-right';
export const ZOOM_IN_ICON = 'lucide:zoom-in';
export const ZOOM_OUT_ICON = 'lucide:zoom-out';
export const FIT_ICON = 'lucide:maximize';
export const DOWNLOAD_ICON = 'lucide:download';

/** How far one arrow key press moves a zoomed picture, in CSS px. */
export const KEY_PAN_PX = 60;

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

/** Arrow keys pan a zoomed picture: the picture moves the other way, as the view travels. */
const ARROW_PAN: Readonly<Record<string, readonly [number, number]>> = {
  ArrowLeft: [KEY_PAN_PX, 0],
  ArrowRight: [-KEY_PAN_PX, 0],
  ArrowUp: [0, KEY_PAN_PX],
  ArrowDown: [0, -KEY_PAN_PX],
};

/**
 * A message's images at full size in a modal dialog, the whole screen on a phone: the name as
 * its title, the picture fitted to the stage, zoom (pinch, double tap or double click, the
 * wheel, + and −, the buttons; 0 or Fit goes back), pan by dragging or with the arrows once
 * zoomed, Download, and swipes, ← → or the buttons between the message's images. Escape or
 * Close leaves; focus goes back to the thumbnail.
 */
export function ImageViewer({ images, blobs, index, onIndexChange, focusFallback }: ImageViewerProps) {
  const open = index !== null && index < images.length;
  const image = open ? images[index] : undefined;
  const blob = image ? blobs.get(image.id) : undefined;
  const url = useObjectUrl(blob);
  const several = images.length > 1;
  const stageRef = useRef<HTMLDivElement>(null);
  const imageRef = useRef<HTMLImageElement>(null);
  const [zoom, setZoom] = useState<ZoomState>(FITTED);
  const zoomed = zoom.scale > MIN_ZOOM;

  // The fitted picture's width against its own: measured once it is laid out, and again when the stage resizes.
  const [fit, setFit] = useState({ width: 0, natural: 0 });
  const measureFit = () => {
    const img = imageRef.current;
    if (img) setFit({ width: img.offsetWidth, natural: img.naturalWidth });
  };
  const percent = realZoomPercent(fit.width, fit.natural, zoom.scale);

  // Each picture opens fitted (and is measured once it loads).
  useEffect(() => {
    setZoom(FITTED);
    setFit({ width: 0, natural: 0 });
  }, [image?.id]);
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => measureFit());
    observer.observe(stage);
    return () => observer.disconnect();
  }, [open]);

  const go = (by: number) => {
    if (index !== null && several) onIndexChange(step(index, by, images.length));
  };
  useViewerGestures({ stageRef, imageRef, zoom, setZoom, onSwipe: go, imageKey: image?.id });

  const box = () => viewerBox(stageRef.current!, imageRef.current);
  /** Zooms by a factor about the stage's centre (keys and buttons have no point of their own). */
  const zoomBy = (factor: number) => {
    if (stageRef.current) setZoom((current) => zoomAt(current, current.scale * factor, 0, 0, box()));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    // Keys typed on a button (Enter, Space) are the button's.
    if (event.target instanceof HTMLButtonElement && (event.key === 'Enter' || event.key === ' ')) return;
    const pan = ARROW_PAN[event.key];
    if (pan && zoomed && stageRef.current) setZoom((current) => panBy(current, pan[0], pan[1], box()));
    else if (event.key === 'ArrowLeft' && several) go(-1);
    else if (event.key === 'ArrowRight' && several) go(1);
    else if (event.key === '+' || event.key === '=') zoomBy(ZOOM_STEP);
    else if (event.key === '-' || event.key === '_') zoomBy(1 / ZOOM_STEP);
    else if (event.key === '0') setZoom(FITTED);
    else return;
    event.preventDefault();
  };

  const zoomStyle = { '--zoom': zoom.scale, '--zoom-x': `${zoom.x}px`, '--zoom-y': `${zoom.y}px` } as CSSProperties;

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
      // Escape would close that instead of the viewer. The keys work from here.
      initialFocus={stageRef}
      onKeyDown={onKeyDown}
      footer={
        <div className="image-viewer__toolbar">
          {several && index !== null && (
            <div className="image-viewer__group">
              <Button className="image-viewer__nav" icon={PREVIOUS_ICON} label={t('attachments.viewer.previous')} variant="outline" color="neutral" onClick={() => go(-1)} />
              <span className="image-viewer__position" aria-live="polite">
                {t('attachments.viewer.position', { index: index + 1, total: images.length })}
              </span>
              <Button className="image-viewer__nav" icon={NEXT_ICON} label={t('attachments.viewer.next')} variant="outline" color="neutral" onClick={() => go(1)} />
            </div>
          )}
          <div className="image-viewer__group">
            <Button icon={ZOOM_OUT_ICON} label={t('attachments.viewer.zoomOut')} variant="ghost" color="neutral" aria-keyshortcuts="-" onClick={() => zoomBy(1 / ZOOM_STEP)} />
            <span className="image-viewer__zoom">
              {percent !== undefined
                ? t('attachments.viewer.zoomLevel', { percent })
                : zoomed
                  ? t('attachments.viewer.zoomTimes', { factor: Math.round(zoom.scale * 100) / 100 })
                  : t('attachments.viewer.zoomFitted')}
            </span>
            <Button icon={ZOOM_IN_ICON} label={t('attachments.viewer.zoomIn')} variant="ghost" color="neutral" aria-keyshortcuts="+" onClick={() => zoomBy(ZOOM_STEP)} />
            <Button icon={FIT_ICON} label={t('attachments.viewer.fit')} variant="ghost" color="neutral" aria-keyshortcuts="0" onClick={() => setZoom(FITTED)} />
            <Button
              icon={DOWNLOAD_ICON}
              label={t('attachments.viewer.download')}
              variant="ghost"
              color="neutral"
              disabled={!blob}
              onClick={() => blob && image && downloadFile(blob, image.name)}
            />
          </div>
        </div>
      }
    >
      {image && (
        <div
          ref={stageRef}
          className="image-viewer__stage"
          tabIndex={-1}
          data-state={url ? 'loaded' : 'loading'}
          data-zoom={zoomed ? 'zoomed' : 'fitted'}
          style={zoomStyle}
        >
          {url && <img ref={imageRef} className="image-viewer__image" src={url} alt={isolatedName(image.name)} width={image.width} height={image.height} draggable={false} onLoad={measureFit} />}
        </div>
      )}
    </Dialog>
  );
}
