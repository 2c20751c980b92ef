// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { splitFileName } from '../../../src/ui/attachments/split-file-name';

describe('splitFileName', () => {
  it.each([
    // Short names stay whole.
    ['notes.md', { head: 'notes.md', tail: '' }],
    ['Makefile', { head: 'Makefile', tail: '' }],
    // The tail keeps the extension and the characters before it.
    ['quarterly-report-final-draft-3.pdf', { head: 'quarterly-report-final-d', tail: 'raft-3.pdf' }],
    // No extension: the last characters.
    ['a-very-long-name-without-extension', { head: 'a-very-long-name-without-ext', tail: 'ension' }],
    // A "extension" too long to be one is not kept whole.
    ['meeting.notes-about-the-quarterly-plan', { head: 'meeting.notes-about-the-quarterl', tail: 'y-plan' }],
    // Whole characters: an emoji is never cut in half.
    [`${'😀'.repeat(20)}.png`, { head: '😀'.repeat(14), tail: `${'😀'.repeat(6)}.png` }],
  ])('%s', (name, parts) => {
    const split = splitFileName(name);
    expect(split).toEqual(parts);
    expect(split.head + split.tail).toBe(name);
  });
});
