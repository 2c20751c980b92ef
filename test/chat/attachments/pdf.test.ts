// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { extractPdfText, joinPages, pageText, PdfError } from '../../../src/chat/attachments/pdf';
import { fixture } from './fixtures';

describe('extractPdfText (pdf.js, in Node)', () => {
  it('reads the text of every page of a PDF with a text layer', async () => {
    const bytes = fixture('text-layer.pdf');
    const result = await extractPdfText(bytes);
    expect(result).toEqual({
      text: '[page 1]\nParley PDF fixture: the quick brown fox\n\n[page 2]\nSecond page: jumps over the lazy dog',
      pageCount: 2,
      hasTextLayer: true,
    });
    // pdf.js was handed a copy: the caller's bytes are still there.
    expect(bytes.byteLength).toBeGreaterThan(0);
  });

  it('says a scanned PDF has no text layer instead of returning nothing', async () => {
    expect(await extractPdfText(new Blob([fixture('no-text-layer.pdf')]))).toEqual({ text: '', pageCount: 1, hasTextLayer: false });
  });

  it('stops reading pages past the text cap and says so', async () => {
    const result = await extractPdfText(fixture('text-layer.pdf'), { maxChars: 10 });
    expect(result.truncated).toBe(true);
    expect(result.text).toHaveLength(10);
  });

  it('refuses bytes that are not a PDF with a code', async () => {
    const error = await extractPdfText(new TextEncoder().encode('not a pdf at all')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PdfError);
    expect((error as PdfError).code).toBe('pdf-invalid');
  });
});

describe('page text', () => {
  it('joins pieces, breaks lines where pdf.js saw them end, and trims', () => {
    expect(pageText([{ str: 'Hello' }, { str: ' ' }, { str: 'world', hasEOL: true }, { str: 'next  ' }, {}])).toBe('Hello world\nnext');
  });

  it('marks pages only when there are several', () => {
    expect(joinPages(['only'])).toBe('only');
    expect(joinPages(['a', '', 'c'])).toBe('[page 1]\na\n\n[page 2]\n\n[page 3]\nc');
  });
});
