import { useEffect, useState } from 'react';
import {
  AttachButton,
  AttachmentTray,
  FileBlockView,
  FileDropOverlay,
  ImageThumbnails,
  attachmentErrorText,
  type AttachmentItemRef,
  type AttachmentTrayItem,
  useLoadedBlobs,
} from '../../ui/attachments';
import { Button } from '../../ui/button';
import { GalleryRow, GallerySection } from './gallery-section';

/** The pictures drawn for the gallery: a landscape, a portrait and a square, in distinct colours. */
const PICTURES = [
  { id: 'landscape', name: 'harbour-at-dusk.jpg', width: 400, height: 240, color: '#4338ca' },
  { id: 'portrait', name: 'lighthouse.png', width: 180, height: 320, color: '#166534' },
  { id: 'square', name: '<img src=x onerror=alert(1)>.png', width: 200, height: 200, color: '#b91c1c' },
] as const;

const images: AttachmentItemRef[] = PICTURES.map(({ id, name, width, height }) => ({ id, kind: 'image', name, size: width * height, width, height }));

/** A solid picture with a lighter disc, drawn on a canvas: no image files in the repository. */
function drawPicture({ width, height, color }: (typeof PICTURES)[number]): Promise<Blob | undefined> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.resolve(undefined);
  context.fillStyle = color;
  context.fillRect(0, 0, width, height);
  context.fillStyle = 'rgb(255 255 255 / 0.5)';
  context.beginPath();
  context.arc(width / 2, height / 2, Math.min(width, height) / 4, 0, Math.PI * 2);
  context.fill();
  return new Promise((resolve) => canvas.toBlob((blob) => resolve(blob ?? undefined), 'image/png'));
}

const blobs = new Map<string, Promise<Blob | undefined>>();
const loadBlob = (id: string) => {
  const picture = PICTURES.find((entry) => entry.id === id);
  if (!picture) return Promise.resolve(undefined);
  if (!blobs.has(id)) blobs.set(id, drawPicture(picture));
  return blobs.get(id)!;
};

const MIB = 1024 * 1024;
/** How long the demo overlay stays: long enough for a screenshot. */
const OVERLAY_DEMO_MS = 3000;
const PREVIEW_IDS = ['landscape'];

const initialItems: AttachmentTrayItem[] = [
  { ref: images[0]!, state: 'ready', tokens: 765 },
  { ref: { id: 'notes', kind: 'text', name: 'meeting-notes-for-the-quarterly-planning-review-final.md', size: 18_400 }, state: 'ready', tokens: 4_612 },
  { ref: { id: 'scan', kind: 'pdf', name: 'signed-contract.pdf', size: 2_300_000 }, state: 'ready', tokens: 0, pdf: { hasTextLayer: false, canSendAsImages: true } },
  { ref: { id: 'paper', kind: 'pdf', name: 'attention-is-all-you-need.pdf', size: 2_200_000 }, state: 'processing' },
  {
    ref: { id: 'big', kind: 'pdf', name: 'big.pdf', size: 31 * MIB },
    state: 'error',
    error: attachmentErrorText('too-large', 'big.pdf', { size: 31 * MIB, maxFileBytes: 20 * MIB }),
  },
];

export function AttachmentsGallery() {
  const [items, setItems] = useState(initialItems);
  const [asImages, setAsImages] = useState(false);
  const [dropping, setDropping] = useState(false);
  useEffect(() => {
    if (!dropping) return;
    // The overlay covers the page (the button too): it goes away on its own.
    const timer = setTimeout(() => setDropping(false), OVERLAY_DEMO_MS);
    return () => clearTimeout(timer);
  }, [dropping]);
  const previews = useLoadedBlobs(PREVIEW_IDS, loadBlob);
  const shown = items.map((item) =>
    item.pdf
      ? { ...item, pdf: { ...item.pdf, asImages, onAsImagesChange: setAsImages } }
      : { ...item, preview: previews.get(item.ref.id) },
  );
  return (
    <GallerySection title="Attachments">
      <GalleryRow label="attach">
        <AttachButton onFiles={(files) => setItems((all) => [...all, ...files.map((file, index) => ({
          ref: { id: `picked-${Date.now()}-${index}`, kind: 'text' as const, name: file.name, size: file.size },
          state: 'ready' as const,
        }))])} />
        <Button variant="outline" color="neutral" onClick={() => setItems(initialItems)}>
          Reset chips
        </Button>
        <Button variant="outline" color="neutral" onClick={() => setDropping(true)}>
          Show the drop overlay for 3 s
        </Button>
      </GalleryRow>
      <AttachmentTray items={shown} onRemove={(id) => setItems((all) => all.filter((item) => item.ref.id !== id))} />
      <GalleryRow label="thread images">
        <ImageThumbnails images={images} loadBlob={loadBlob} />
      </GalleryRow>
      <FileBlockView
        name="meeting-notes.md"
        size={18_400}
        text={'# Planning review\n\n- Ship attachments\n- <script>alert(1)</script> stays text\n'}
        truncated
      />
      <FileBlockView kind="pdf" name="attention-is-all-you-need.pdf" size={2_200_000} pageCount={15} text="Abstract. The dominant sequence transduction models…" />
      <FileDropOverlay active={dropping} />
    </GallerySection>
  );
}
