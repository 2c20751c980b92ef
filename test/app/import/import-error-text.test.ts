// An import failure names the file isolated, its bidirectional controls shown (issue 20, finding 8).
import { describe, expect, it } from 'vitest';
import { importFailureText } from '../../../src/app/import/import-error-text';
import { ImportError } from '../../../src/chat/import/errors';

describe('importFailureText', () => {
  it('names a file holding a right-to-left override with the control visible and the name isolated', () => {
    const text = importFailureText(new ImportError('empty-file', { file: 'chats-\u202Enosj.zip' }));
    expect(text).toContain('\u2068chats-⟨U+202E⟩nosj.zip\u2069 is empty (0 bytes).');
    expect(text).not.toContain('\u202E');
  });

  it('names an ordinary file as it is', () => {
    expect(importFailureText(new ImportError('empty-file', { file: 'conversations.json' }))).toContain('conversations.json is empty (0 bytes).');
  });

  it('names a broken project of Claude’s projects.json as a project, and its document (issue 23)', () => {
    const error = new ImportError('invalid-project', { file: 'projects.json', index: 1, title: 'Thesis' }, { code: 'doc-field', params: { doc: 'd-2', field: 'content', expected: 'string' } });
    expect(importFailureText(error)).toContain('project 1 (“Thesis”): document d-2 has no valid “content” (string expected). Nothing was imported from this file.');
  });
});
