import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../src/lib/format-bytes';

describe('formatBytes', () => {
  it.each([
    [0, '0 bytes'],
    [512, '512 bytes'],
    [11_400, '11 kB'],
    [2_500_000, '2.5 MB'],
    [48_000_000, '48 MB'],
    [50_000_000, '50 MB'],
    [299_700_000_000, '300 GB'],
    [-5, '0 bytes'],
  ])('%d bytes read as %s', (bytes, text) => {
    expect(formatBytes(bytes, 'en')).toBe(text);
  });
});
