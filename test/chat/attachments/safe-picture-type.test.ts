// @vitest-environment node
// The one picture type decision (src/chat/attachments/safe-picture-type.ts): what is kept and shown.
import { describe, expect, it } from 'vitest';
import type { ImageAttachment, PdfAttachment, TextAttachment } from '../../../src/chat/attachments';
import {
  displayablePicture,
  INERT_TYPE,
  isSafePictureType,
  pictureExtension,
  safePictureType,
  safeStoredAttachment,
} from '../../../src/chat/attachments/safe-picture-type';

const SVG_WITH_SCRIPT = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>';

describe('safePictureType', () => {
  it.each([
    ['image/png', 'image/png', 'png'],
    ['image/jpeg', 'image/jpeg', 'jpg'],
    ['image/webp', 'image/webp', 'webp'],
    ['image/gif', 'image/gif', 'gif'],
    ['image/avif', 'image/avif', 'avif'],
    ['image/bmp', 'image/bmp', 'bmp'],
    ['IMAGE/PNG', 'image/png', 'png'],
    ['  image/jpeg ; q=1', 'image/jpeg', 'jpg'],
    ['image/png;charset=x"><script>', 'image/png', 'png'],
    // Active document types: a blob of any of these opened as a document runs script.
    ['image/svg+xml', INERT_TYPE, 'bin'],
    ['IMAGE/SVG+XML', INERT_TYPE, 'bin'],
    ['image/svg', INERT_TYPE, 'bin'],
    ['text/html', INERT_TYPE, 'bin'],
    ['application/xhtml+xml', INERT_TYPE, 'bin'],
    ['text/xml', INERT_TYPE, 'bin'],
    ['application/xml', INERT_TYPE, 'bin'],
    ['application/pdf', INERT_TYPE, 'bin'],
    ['text/plain', INERT_TYPE, 'bin'],
    // Malformed and injected declarations.
    ['image/"><img src=x onerror=alert(1)>', INERT_TYPE, 'bin'],
    ['image/png"><img src=x>', INERT_TYPE, 'bin'],
    ['image/png\ntext/html', INERT_TYPE, 'bin'],
    ['image/png,text/html', INERT_TYPE, 'bin'],
    ['image/', INERT_TYPE, 'bin'],
    ['image/*', INERT_TYPE, 'bin'],
    ['png', INERT_TYPE, 'bin'],
    ['', INERT_TYPE, 'bin'],
    [`image/png${' '.repeat(200)}`, INERT_TYPE, 'bin'],
    ['image/heic', INERT_TYPE, 'bin'],
    ['application/octet-stream', INERT_TYPE, 'bin'],
    ['__proto__', INERT_TYPE, 'bin'],
    ['constructor', INERT_TYPE, 'bin'],
  ])('%j → %s (.%s)', (declared, type, extension) => {
    expect(safePictureType(declared)).toBe(type);
    expect(isSafePictureType(declared)).toBe(type !== INERT_TYPE);
    expect(pictureExtension(declared)).toBe(extension);
  });

  it.each([[undefined], [null], [42], [{ toString: () => 'image/png' }], [['image/png']]])('a declaration that is not a string (%j) is inert', (declared) => {
    expect(safePictureType(declared)).toBe(INERT_TYPE);
  });
});

describe('displayablePicture', () => {
  it.each([
    ['image/png', 'image/png', 'image/png'],
    ['image/png', '', 'image/png'],
    ['IMAGE/JPEG', 'image/jpeg', 'image/jpeg'],
    ['image/png', 'image/svg+xml', undefined],
    ['image/svg+xml', 'image/png', undefined],
    ['image/svg+xml', 'image/svg+xml', undefined],
    ['text/html', 'text/html', undefined],
    ['image/"><img>', 'image/png', undefined],
  ])('declared %j, blob %j → %s', async (declared, blobType, shown) => {
    const blob = new Blob([SVG_WITH_SCRIPT], { type: blobType });
    const result = displayablePicture(blob, declared);
    expect(result?.type).toBe(shown);
    if (result) expect(await result.text()).toBe(SVG_WITH_SCRIPT);
  });

  it('hands back the same Blob when its type is already the safe one (no new object URL per render)', () => {
    const blob = new Blob([new Uint8Array([1])], { type: 'image/png' });
    expect(displayablePicture(blob, 'image/png')).toBe(blob);
    expect(displayablePicture(undefined, 'image/png')).toBeUndefined();
  });
});

const image = (mimeType: string, blob: unknown): ImageAttachment =>
  ({ id: 'i', kind: 'image', name: 'x', mimeType, size: 1, createdAt: 1, width: 1, height: 1, blob }) as ImageAttachment;

describe('safeStoredAttachment', () => {
  it.each([
    ['image/png', 'image/png', 'image/png'],
    ['image/png', '', 'image/png'],
    ['image/svg+xml', 'image/svg+xml', INERT_TYPE],
    ['image/png', 'image/svg+xml', INERT_TYPE],
    ['image/svg+xml', 'image/png', INERT_TYPE],
    ['text/html', 'text/html', INERT_TYPE],
    ['image/"><img src=x>', 'image/"><img src=x>', INERT_TYPE],
  ])('a picture declared %j with a %j blob is stored as %s, bytes kept', async (declared, blobType, stored) => {
    const row = safeStoredAttachment(image(declared, new Blob([SVG_WITH_SCRIPT], { type: blobType })));
    expect(row.mimeType).toBe(stored);
    expect(row.blob.type).toBe(stored);
    expect(await row.blob.text()).toBe(SVG_WITH_SCRIPT);
  });

  it('keeps a row that is already safe as it is', () => {
    const row = image('image/jpeg', new Blob([new Uint8Array([1])], { type: 'image/jpeg' }));
    expect(safeStoredAttachment(row)).toBe(row);
  });

  it('a picture row without a Blob gets an empty inert one', () => {
    const row = safeStoredAttachment(image('image/png', 'not a blob'));
    expect(row.mimeType).toBe(INERT_TYPE);
    expect(row.blob).toBeInstanceOf(Blob);
    expect(row.blob.size).toBe(0);
  });

  it('types a PDF’s kept file as a PDF, and leaves text rows alone', async () => {
    const pdf = { id: 'p', kind: 'pdf', name: 'p.pdf', mimeType: 'application/pdf', size: 1, createdAt: 1, text: '', pageCount: 1, hasTextLayer: false, source: new Blob(['<html>'], { type: 'text/html' }) } as PdfAttachment;
    const stored = safeStoredAttachment(pdf);
    expect(stored.source!.type).toBe('application/pdf');
    expect(await stored.source!.text()).toBe('<html>');
    const text = { id: 't', kind: 'text', name: 'a.svg', mimeType: 'text/plain', size: 1, createdAt: 1, text: SVG_WITH_SCRIPT } as TextAttachment;
    expect(safeStoredAttachment(text)).toBe(text);
  });
});
