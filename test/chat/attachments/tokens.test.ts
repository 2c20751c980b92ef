import { describe, expect, it } from 'vitest';
import { attachmentTokens, CHARS_PER_TOKEN, imageTokens, textTokens } from '../../../src/chat/attachments/tokens';
import type { ImageAttachment, PdfAttachment, TextAttachment } from '../../../src/chat/attachments/types';

const base = { id: 'a', mimeType: 'x', size: 1, createdAt: 0 };

describe('imageTokens (OpenAI tile rule, an estimate)', () => {
  // The worked examples of OpenAI's vision guide.
  it.each([
    [1024, 1024, 765],
    [2048, 4096, 1105],
    [512, 512, 255],
    [100, 100, 255],
    [3000, 2000, 1105],
  ])('%i×%i costs %i', (width, height, tokens) => expect(imageTokens(width, height)).toBe(tokens));
});

describe('attachmentTokens', () => {
  it('counts text by characters, the file block included', () => {
    expect(textTokens('abcdefgh')).toBe(8 / CHARS_PER_TOKEN);
    const file: TextAttachment = { ...base, kind: 'text', name: 'a.txt', text: 'x'.repeat(400) };
    // "File: a.txt\n```\n" (16) + 400 + "\n```" (4) = 420 characters.
    expect(attachmentTokens(file)).toBe(420 / CHARS_PER_TOKEN);
  });

  it('counts a picture by its stored size', () => {
    const image: ImageAttachment = { ...base, kind: 'image', name: 'p.jpg', width: 1365, height: 2048, blob: new Blob() };
    expect(attachmentTokens(image)).toBe(imageTokens(1365, 2048));
  });

  it('counts a PDF by its text, by its pages as pictures, and a scan as nothing', () => {
    const pdf: PdfAttachment = { ...base, kind: 'pdf', name: 'r.pdf', text: 'y'.repeat(100), pageCount: 3, hasTextLayer: true };
    expect(attachmentTokens(pdf)).toBe(Math.ceil('File: r.pdf\n```\n'.concat('y'.repeat(100), '\n```').length / CHARS_PER_TOKEN));
    expect(attachmentTokens({ ...pdf, asImages: true }, 2048)).toBe(3 * imageTokens(1583, 2048));
    expect(attachmentTokens({ ...pdf, text: '', hasTextLayer: false })).toBe(0);
  });
});
