import { describe, expect, it } from 'vitest';
import { extensionOf, kindOfFile, languageOf } from '../../../src/chat/attachments/file-types';
import {
  classifyFile,
  DEFAULT_IMAGE_MAX_LONG_SIDE,
  imageMaxLongSide,
  MAX_FILE_BYTES,
  MAX_FILES_PER_MESSAGE,
  MAX_MESSAGE_BYTES,
  MIN_IMAGE_MAX_LONG_SIDE,
  refusalForMessage,
} from '../../../src/chat/attachments/limits';

describe('classifyFile', () => {
  it.each([
    ['photo.JPG', 'image/jpeg', 'image'],
    ['screenshot.png', 'image/png', 'image'],
    ['animation.gif', 'image/gif', 'image'],
    ['IMG_0001.HEIC', '', 'image'],
    ['pasted', 'image/webp', 'image'],
    ['report.pdf', 'application/pdf', 'pdf'],
    ['download', 'application/pdf', 'pdf'],
    ['notes.md', '', 'text'],
    ['data.csv', 'text/csv', 'text'],
    ['config.yaml', 'application/x-yaml', 'text'],
    ['main.rs', '', 'text'],
    // Browsers call a TypeScript file an MPEG transport stream: the extension wins.
    ['app.ts', 'video/mp2t', 'text'],
    ['page.html', 'text/html', 'text'],
    // SVG can carry script: read as text, never shown as a picture.
    ['logo.svg', 'image/svg+xml', 'text'],
    ['Dockerfile', '', 'text'],
    ['.gitignore', '', 'text'],
    ['odd-name', 'text/plain; charset=utf-8', 'text'],
    ['payload.json', 'application/json', 'text'],
  ])('%s (%s) is %s', (name, type, kind) => {
    expect(classifyFile({ name, type, size: 10 })).toEqual({ kind });
  });

  it.each([
    ['setup.exe', 'application/x-msdownload'],
    ['archive.zip', 'application/zip'],
    ['clip.mp4', 'video/mp4'],
    ['slides.pptx', ''],
    ['no-extension', ''],
    ['trick.toString', ''],
  ])('refuses %s as an unsupported type', (name, type) => {
    expect(classifyFile({ name, type, size: 10 })).toEqual({ refused: 'unsupported-type' });
  });

  it('refuses an empty file and one over the per-file cap, and takes one at the cap', () => {
    expect(classifyFile({ name: 'a.txt', type: 'text/plain', size: 0 })).toEqual({ refused: 'empty' });
    expect(classifyFile({ name: 'a.png', type: 'image/png', size: MAX_FILE_BYTES + 1 })).toEqual({ refused: 'too-large' });
    expect(classifyFile({ name: 'a.png', type: 'image/png', size: MAX_FILE_BYTES })).toEqual({ kind: 'image' });
  });
});

describe('refusalForMessage', () => {
  const file = { name: 'a.png', type: 'image/png', size: 1000 };
  it('takes a file that fits and refuses past the message caps', () => {
    expect(refusalForMessage({ count: 0, bytes: 0 }, file)).toBeUndefined();
    expect(refusalForMessage({ count: 1, bytes: MAX_MESSAGE_BYTES - 1000 }, file)).toBeUndefined();
    expect(refusalForMessage({ count: 1, bytes: MAX_MESSAGE_BYTES - 999 }, file)).toBe('message-too-large');
    expect(refusalForMessage({ count: MAX_FILES_PER_MESSAGE, bytes: 0 }, file)).toBe('too-many-files');
  });
});

describe('file names', () => {
  it.each([
    ['a.tar.gz', 'gz'],
    ['.env', ''],
    ['dir/file.TXT', 'txt'],
    ['plain', ''],
  ])('the extension of %s is "%s"', (name, extension) => expect(extensionOf(name)).toBe(extension));

  it('names a fence language from the extension or the whole name', () => {
    expect(languageOf('x.py')).toBe('python');
    expect(languageOf('Makefile')).toBe('makefile');
    expect(languageOf('notes.txt')).toBe('');
    expect(languageOf('weird.constructor')).toBe('');
    expect(kindOfFile('weird.constructor', '')).toBeUndefined();
  });
});

describe('imageMaxLongSide', () => {
  it('uses the setting, within reason', () => {
    expect(imageMaxLongSide(undefined)).toBe(DEFAULT_IMAGE_MAX_LONG_SIDE);
    expect(imageMaxLongSide(Number.NaN)).toBe(DEFAULT_IMAGE_MAX_LONG_SIDE);
    expect(imageMaxLongSide(1024.4)).toBe(1024);
    expect(imageMaxLongSide(10)).toBe(MIN_IMAGE_MAX_LONG_SIDE);
  });
});
