import { isolatedName } from '../../lib/bidi-controls';
import { useRef, useState, type CSSProperties } from 'react';
import { createPortal } from 'react-dom';
import type { AttachmentItemRef, LoadBlob } from './attachment-item';
import { t } from './attachments-text';
import { ImageViewer } from './image-viewer';
import { useLoadedBlobs } from './use-loaded-blobs';
import { useObjectUrl } from './use-object-url';
import './attachments.css';
import './image-thumbnails.css';

/** The box assumed for an image whose ref has no size (older rows): a square, until it loads. */
const UNKNOWN_SIDE = 1;

export interface ImageThumbnailsProps {
  /** A message's images, in order; each ref's width and height reserve its box. */
  images: readonly AttachmentItemRef[];
  loadBlob: LoadBlob;
  className?: string;
}

const aspectStyle = (image: AttachmentItemRef) =>
  ({ '--thumb-aspect': `${image.width || UNKNOWN_SIDE} / ${image.height || UNKNOWN_SIDE}` }) as CSSProperties;

function Thumbnail({ image, blob, onOpen, buttonRef }: {
  image: AttachmentItemRef;
  blob: Blob | undefined;
  onOpen: () => void;
  buttonRef: (element: HTMLButtonElement | null) => void;
}) {
  const url = useObjectUrl(blob);
  return (
    <li className="image-thumbnails__item">
      <button
        ref={buttonRef}
        type="button"
        className="image-thumbnails__open"
        aria-label={t('attachments.thumbnail.open', { name: isolatedName(image.name) })}
        data-state={url ? 'loaded' : 'loading'}
        style={aspectStyle(image)}
        onClick={onOpen}
      >
        {url ? (
          <img className="image-thumbnails__image" src={url} alt="" width={image.width} height={image.height} draggable={false} />
        ) : (
          <span className="image-thumbnails__placeholder" />
        )}
      </button>
    </li>
  );
}

/**
 * A message's pictures in the thread: a row of buttons, each its image at a fixed height with
 * its width reserved from the ref's size (nothing jumps while bytes load), opening the viewer.
 */
export function ImageThumbnails({ images, loadBlob, className }: ImageThumbnailsProps) {
  const blobs = useLoadedBlobs(
    images.map((image) => image.id),
    loadBlob,
  );
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const openerId = useRef<string | null>(null);
  if (images.length === 0) return null;

  return (
    <>
      <ul role="list" className={className ? `image-thumbnails ${className}` : 'image-thumbnails'} aria-label={t('attachments.thumbnails')}>
        {images.map((image, index) => (
          <Thumbnail
            key={image.id}
            image={image}
            blob={blobs.get(image.id)}
            onOpen={() => {
              openerId.current = image.id;
              setOpenIndex(index);
            }}
            buttonRef={(element) => {
              if (element) buttons.current.set(image.id, element);
              else buttons.current.delete(image.id);
            }}
          />
        ))}
      </ul>
      {/* In the body, not in the list item the thumbnails sit in: with the dialog open, the item's
          only readable text would be the viewer's title, and the picture would "repeat" it (axe). */}
      {createPortal(
        <ImageViewer
          images={images}
          blobs={blobs}
          index={openIndex}
          onIndexChange={setOpenIndex}
          // Safari does not focus a clicked button: send focus back to the opener explicitly.
          focusFallback={() => (openerId.current ? buttons.current.get(openerId.current) ?? null : null)}
        />,
        document.body,
      )}
    </>
  );
}
