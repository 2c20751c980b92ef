// An import's preview names the projects it will add (issue 23); a name holding a right-to-left
// override is shown with the control visible and isolated, so it cannot reorder the sentence (issue 32).
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ImportPreviewView } from '../../../src/app/import/import-preview';
import type { ImportPreview } from '../../../src/chat/import';

afterEach(cleanup);

const preview: ImportPreview = {
  format: 'claude',
  formats: ['claude'],
  chats: 1,
  messages: 2,
  dateRange: null,
  existing: 0,
  toImport: { chats: 1, messages: 2, attachments: 0 },
  skipped: { count: 0, why: {} as ImportPreview['skipped']['why'] },
  projects: { names: ['Taxes', 'invoice-\u202Efdp'], existing: 0 },
};

describe('the import preview’s project names', () => {
  it('shows each, a bidirectional control made visible and the name isolated', () => {
    render(<ImportPreviewView preview={preview} formatDate={String} onImport={() => {}} onCancel={() => {}} headingLevel={3} />);
    const line = document.querySelector('[data-fact="projects"]')!;
    expect(line.textContent).toBe('Projects to add: “Taxes”, “\u2068invoice-⟨U+202E⟩fdp\u2069”.');
    expect(screen.getByText(/Projects to add/)).toBe(line);
  });
});
