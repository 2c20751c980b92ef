// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { createImageProcessor } from '../../../src/chat/attachments/image-client';
import { MAX_FILE_BYTES } from '../../../src/chat/attachments/limits';
import { AttachmentError, prepareAttachment } from '../../../src/chat/attachments/prepare-attachment';
import { attachmentRef, storedBytes } from '../../../src/chat/attachments/types';
import { fixture } from './fixtures';

const NOW = 1_700_000_000_000;
const reencoded = new Blob([new Uint8Array(1234)], { type: 'image/jpeg' });
const images = createImageProcessor({ onPage: async () => ({ blob: reencoded, mimeType: 'image/jpeg', width: 1365, height: 2048 }) });
const options = { images, now: () => NOW };
const file = (bytes: Uint8Array<ArrayBuffer> | string, name: string, type = '') => new File([bytes], name, { type });

describe('prepareAttachment', () => {
  it('stores a picture as its re-encoded bytes, and its ref keeps no bytes', async () => {
    const attachment = await prepareAttachment(file(fixture('photo-exif-rotated.jpg'), 'IMG_1.jpg', 'image/jpeg'), options);
    expect(attachment).toMatchObject({ kind: 'image', name: 'IMG_1.jpg', mimeType: 'image/jpeg', size: 1234, width: 1365, height: 2048, createdAt: NOW });
    expect(attachmentRef(attachment)).toEqual({ id: attachment.id, kind: 'image', name: 'IMG_1.jpg', size: 1234, mimeType: 'image/jpeg', width: 1365, height: 2048 });
  });

  it('stores a text file as its text, with the encoding warning, as text/plain', async () => {
    // 57 Latin-1 bytes, five of them accented letters that take two bytes each in UTF-8.
    const attachment = await prepareAttachment(file(fixture('latin1.txt'), 'old.txt', 'text/plain'), options);
    expect(attachment).toMatchObject({ kind: 'text', mimeType: 'text/plain', encodingWarning: true, size: 62 });
    expect(attachment.kind === 'text' && attachment.text.startsWith('Crème')).toBe(true);
  });

  it('stores an SVG as text, never as an image', async () => {
    const attachment = await prepareAttachment(file('<svg onload="alert(1)"/>', 'logo.svg', 'image/svg+xml'), options);
    expect(attachment).toMatchObject({ kind: 'text', mimeType: 'text/plain', text: '<svg onload="alert(1)"/>' });
  });

  it("stores a PDF's text and keeps the PDF for drawing its pages", async () => {
    const pdf = file(fixture('no-text-layer.pdf'), 'scan.pdf', 'application/pdf');
    const attachment = await prepareAttachment(pdf, options);
    expect(attachment).toMatchObject({ kind: 'pdf', hasTextLayer: false, pageCount: 1, text: '', mimeType: 'application/pdf', size: pdf.size });
    expect(attachment.kind === 'pdf' && attachment.source).toBe(pdf);
  });

  it('gives a PDF with text its own file size (its text is counted in tokens, apart), and storage both', async () => {
    const pdf = file(fixture('text-layer.pdf'), 'paper.pdf', 'application/pdf');
    const attachment = await prepareAttachment(pdf, options);
    expect(attachment.kind === 'pdf' && attachment.text).toContain('Parley PDF fixture');
    expect(attachment.size).toBe(pdf.size);
    expect(attachmentRef(attachment).size).toBe(pdf.size);
    const textBytes = attachment.kind === 'pdf' ? new TextEncoder().encode(attachment.text).length : 0;
    expect(textBytes).toBeGreaterThan(0);
    expect(storedBytes(attachment)).toBe(pdf.size + textBytes);
  });

  it.each([
    ['tool.exe', file('x', 'tool.exe'), 'unsupported-type'],
    ['empty.txt', file('', 'empty.txt'), 'empty'],
    ['fake.txt', file(new Uint8Array([0x41, 0, 0x42]), 'fake.txt'), 'not-text'],
    ['broken.pdf', file('%PDF-1.4 broken', 'broken.pdf'), 'pdf-invalid'],
  ])('refuses %s with the code %s, naming the file', async (_name, input, code) => {
    const error = await prepareAttachment(input, options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AttachmentError);
    expect(error).toMatchObject({ code, fileName: input.name });
  });

  it('refuses a file over the cap before reading a byte of it', async () => {
    const big = file('x', 'huge.png', 'image/png');
    Object.defineProperty(big, 'size', { value: MAX_FILE_BYTES + 1 });
    const process = vi.spyOn(images, 'process');
    await expect(prepareAttachment(big, options)).rejects.toMatchObject({ code: 'too-large' });
    expect(process).not.toHaveBeenCalled();
  });

  it('turns a picture the browser cannot decode into its code', async () => {
    const failing = createImageProcessor({ onPage: () => Promise.reject(Object.assign(new (class extends Error {})(), { code: 'x' })) });
    const undecodable = createImageProcessor();
    await expect(prepareAttachment(file('x', 'a.heic'), { images: undecodable })).rejects.toMatchObject({ code: 'image-undecodable', fileName: 'a.heic' });
    // Anything else is not ours to name: it passes through as it is.
    await expect(prepareAttachment(file('x', 'a.png'), { images: failing })).rejects.not.toBeInstanceOf(AttachmentError);
  });
});
