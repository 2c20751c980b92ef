import { afterEach, describe, expect, it } from 'vitest';
import { isExportFile, takeDroppedExports, withoutExports } from '../../../src/pages/shared/import-request';

afterEach(() => takeDroppedExports(false));

const file = (name: string) => new File(['{}'], name);

describe('isExportFile', () => {
  it.each([
    ['chatgpt-export.zip', true],
    ['ARCHIVE.ZIP', true],
    ['conversations.json', true],
    ['conversations-003.json', true],
    ['chat-export-1712345678.json', true],
    ['chat-export.json', true],
    ['package.json', false],
    ['my-conversations.json', false],
    ['conversations.json.txt', false],
    ['notes.md', false],
    ['photo.png', false],
  ])('%s → %s', (name, expected) => {
    expect(isExportFile(file(name))).toBe(expected);
  });
});

describe('withoutExports', () => {
  it('leaves the exports out once the app takes them, and attaches the rest', () => {
    takeDroppedExports(true);
    const files = [file('notes.md'), file('export.zip'), file('data.json'), file('conversations.json')];
    expect(withoutExports(files).map((f) => f.name)).toEqual(['notes.md', 'data.json']);
  });

  it('keeps every file while nothing takes exports (the /ui gallery, the first moments): nothing is lost', () => {
    const files = [file('export.zip'), file('notes.md')];
    expect(withoutExports(files).map((f) => f.name)).toEqual(['export.zip', 'notes.md']);
  });
});
