// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { BASE64_CHUNK_BYTES, bytesToBase64 } from '../../../src/chat/attachments/base64';
import { contentText, userMessageContent } from '../../../src/chat/attachments/content-parts';
import type { ImageAttachment, PdfAttachment, TextAttachment } from '../../../src/chat/attachments/types';

const base = { id: 'a', size: 1, createdAt: 0 };
const text: TextAttachment = { ...base, kind: 'text', name: 'notes.md', mimeType: 'text/plain', text: '# Hi' };
const pdf: PdfAttachment = { ...base, kind: 'pdf', name: 'r.pdf', mimeType: 'application/pdf', text: 'Body', pageCount: 1, hasTextLayer: true };
const scan: PdfAttachment = { ...pdf, name: 'scan.pdf', text: '', hasTextLayer: false };
const image: ImageAttachment = {
  ...base, kind: 'image', name: 'p.jpg', mimeType: 'image/jpeg', width: 2, height: 1, blob: new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }),
};

describe('userMessageContent', () => {
  it('keeps a message without attachments a plain string, as before', async () => {
    expect(await userMessageContent('Hello', [])).toBe('Hello');
  });

  it('puts text files and PDF text ahead of the typed text, still a plain string', async () => {
    expect(await userMessageContent('Summarise', [text, pdf])).toBe('File: notes.md\n```markdown\n# Hi\n```\n\nFile: r.pdf\n```\nBody\n```\n\nSummarise');
  });

  it('tells the model about a scan it cannot read', async () => {
    expect(await userMessageContent('', [scan])).toBe('File: scan.pdf\n(This PDF has no text layer, probably a scan: its text could not be extracted.)');
  });

  it('sends pictures as image_url parts with base64 data URLs after the text part', async () => {
    expect(await userMessageContent('What is this?', [image, text])).toEqual([
      { type: 'text', text: 'File: notes.md\n```markdown\n# Hi\n```\n\nWhat is this?' },
      { type: 'image_url', image_url: { url: 'data:image/jpeg;base64,/9j/' } },
    ]);
    expect(await userMessageContent('', [image])).toEqual([{ type: 'image_url', image_url: { url: 'data:image/jpeg;base64,/9j/' } }]);
  });

  it('never sends a picture kept as inert data (not an allowlisted type): the model is told a file was left out', async () => {
    const inert: ImageAttachment = { ...image, name: 'drawing.svg', mimeType: 'application/octet-stream', blob: new Blob(['<svg/>'], { type: 'application/octet-stream' }) };
    expect(await userMessageContent('Look', [inert, image])).toEqual([
      { type: 'text', text: 'File: drawing.svg\n(A file sent as a picture, but not of a picture type: it is not included.)\n\nLook' },
      { type: 'image_url', image_url: { url: 'data:image/jpeg;base64,/9j/' } },
    ]);
  });

  it('sends a PDF chosen as pictures as its pages, or as its text when none are drawn', async () => {
    const page = { blob: new Blob([new Uint8Array([1, 2, 3])]), mimeType: 'image/jpeg' };
    const asImages = { ...pdf, asImages: true };
    expect(await userMessageContent('Look', [asImages], { pdfPageImages: async () => [page, page] })).toEqual([
      { type: 'text', text: 'File: r.pdf (2 page images follow)\n\nLook' },
      { type: 'image_url', image_url: { url: 'data:image/jpeg;base64,AQID' } },
      { type: 'image_url', image_url: { url: 'data:image/jpeg;base64,AQID' } },
    ]);
    expect(await userMessageContent('Look', [asImages])).toBe('File: r.pdf\n```\nBody\n```\n\nLook');
  });

  it('reads the text back out of either form', () => {
    expect(contentText('plain')).toBe('plain');
    expect(contentText([{ type: 'text', text: 'a' }, { type: 'image_url', image_url: { url: 'data:,' } }])).toBe('a');
  });
});

describe('bytesToBase64', () => {
  it('matches Node across chunk boundaries, without the native encoder', () => {
    const bytes = new Uint8Array(BASE64_CHUNK_BYTES * 2 + 5).map((_, i) => (i * 31) % 256);
    // Hide a native toBase64 (newer engines), so the chunked path is the one under test.
    Object.defineProperty(bytes, 'toBase64', { value: undefined });
    expect(bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
  });
});
