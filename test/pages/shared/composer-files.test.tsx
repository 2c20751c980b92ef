import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DraftAttachmentsState } from '../../../src/chat/message-files/index';
import { ComposerFilesNotes, refusalNote } from '../../../src/pages/shared/attachments/composer-files';
import { fireEvent } from '@testing-library/react';
import { createTextSource } from '../../support/text-source';

/** A draft whose files cost `totalTokens` (the chips' estimates, summed). */
const draft = (totalTokens: number, extra: Partial<DraftAttachmentsState> = {}): DraftAttachmentsState => ({ loaded: true, items: [], totalTokens, ...extra });

const MODEL = 'local/qwen2.5-vl';
/** Four characters a token: this text is about 10 tokens. */
const TEXT = 'x'.repeat(40);

describe('the notes under a composer with files', () => {
  it('warns, with both figures and the model, when the message is over the model’s context', () => {
    render(<ComposerFilesNotes state={draft(8_000)} waiting={false} text={createTextSource(TEXT)} model={MODEL} contextLength={4_096} />);
    const note = screen.getByRole('status');
    expect(note.textContent).toBe('This message is about 8,010 tokens; qwen2.5-vl takes 4,096. Remove a file or send a shorter part of it.');
    expect(note.dataset.state).toBe('over-context');
  });

  it('says nothing when the message fits, or when the server did not say how much the model takes', () => {
    const { rerender } = render(<ComposerFilesNotes state={draft(4_000)} waiting={false} text={createTextSource(TEXT)} model={MODEL} contextLength={8_192} />);
    expect(screen.queryByRole('status')).toBeNull();
    rerender(<ComposerFilesNotes state={draft(400_000)} waiting={false} text={createTextSource(TEXT)} model={MODEL} />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says storage is full, how full, and that nothing is lost', () => {
    render(
      <ComposerFilesNotes state={draft(10, { storageFull: { usage: { used: 2_000_000_000, quota: 2_000_000_000 } } })} waiting={false} text={createTextSource()} />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Storage is full: Parley uses 2 GB of 2 GB allowed.');
    expect(alert.textContent).toContain('Nothing is lost');
  });

  it('says a send is waiting for files still being prepared', () => {
    render(<ComposerFilesNotes state={draft(10)} waiting text={createTextSource()} />);
    expect(screen.getByRole('status').textContent).toBe('Preparing the files: the message goes as soon as they are ready.');
  });

  it('names refused files beside the message box, a sentence each, until dismissed', () => {
    const files = [new File(['a'], 'setup.exe'), new File([new Uint8Array(10)], 'notes.txt')];
    const note = refusalNote([{ name: 'setup.exe', code: 'unsupported-type' }], files);
    let dismissed = 0;
    render(<ComposerFilesNotes state={draft(0)} waiting={false} text={createTextSource()} refused={note} onDismissRefused={() => (dismissed += 1)} />);
    const alert = screen.getByRole('alert');
    expect(alert.dataset.state).toBe('refused');
    expect(alert.textContent).toContain('A file was not attached');
    expect(alert.textContent).toContain('setup.exe: this type of file cannot be attached.');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(dismissed).toBe(1);
  });

  it('has no note when every file was taken', () => {
    expect(refusalNote([], [new File(['a'], 'a.txt')])).toBeUndefined();
  });
});
