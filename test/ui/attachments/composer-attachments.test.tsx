import { createEvent, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Composer, type ComposerProps } from '../../../src/ui/composer';
import { createTextSource } from '../../support/text-source';

type HarnessProps = Partial<Omit<ComposerProps, 'text'>>;

function Harness(props: HarnessProps) {
  const [text] = useState(() => createTextSource());
  return <Composer label="Message" onSubmit={() => undefined} {...props} text={text} />;
}

/** A clipboard as a paste event carries it: its files, and its text by type. */
function clipboard(files: File[], text: Record<string, string> = {}) {
  return {
    files,
    items: files.map((file) => ({ kind: 'file', type: file.type, getAsFile: () => file })),
    types: [...Object.keys(text), ...(files.length ? ['Files'] : [])],
    getData: (type: string) => text[type] ?? '',
  };
}

const paste = (target: HTMLElement, data: ReturnType<typeof clipboard>) => {
  const event = createEvent.paste(target, { clipboardData: data });
  fireEvent(target, event);
  return event;
};

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'screenshot.png', { type: 'image/png' });

describe('Composer with attachments', () => {
  it('shows the attachments slot inside the form, above the text box', () => {
    render(<Harness attachments={<ul aria-label="Attachments"><li>notes.md</li></ul>} />);
    const list = screen.getByRole('list', { name: 'Attachments' });
    const textbox = screen.getByRole('textbox', { name: 'Message' });
    expect(list.closest('form')).toBe(textbox.closest('form'));
    expect(list.compareDocumentPosition(textbox) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('renders no slot without attachments', () => {
    const { container } = render(<Harness />);
    expect(container.querySelector('.composer__attachments')).toBeNull();
  });

  it('sends an empty message only when files allow it', () => {
    const onSubmit = vi.fn();
    const { rerender } = render(<Harness onSubmit={onSubmit} />);
    const send = screen.getByRole('button', { name: 'Send message' });
    expect(send.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(send);
    expect(onSubmit).not.toHaveBeenCalled();

    rerender(<Harness onSubmit={onSubmit} canSendEmpty />);
    expect(send.getAttribute('aria-disabled')).toBeNull();
    fireEvent.keyDown(screen.getByRole('textbox'), { key: 'Enter' });
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('');
  });

  it('hands pasted files to onPasteFiles and keeps them out of the text box', () => {
    const onPasteFiles = vi.fn();
    render(<Harness onPasteFiles={onPasteFiles} />);
    const file = png();
    const event = paste(screen.getByRole('textbox'), clipboard([file]));
    expect(onPasteFiles).toHaveBeenCalledExactlyOnceWith([file]);
    expect(event.defaultPrevented).toBe(true);
  });

  it('takes a file copied in a file manager (its name comes along as text) as a file', () => {
    const onPasteFiles = vi.fn();
    render(<Harness onPasteFiles={onPasteFiles} />);
    const file = png();
    const event = paste(screen.getByRole('textbox'), clipboard([file], { 'text/plain': 'screenshot.png' }));
    expect(onPasteFiles).toHaveBeenCalledExactlyOnceWith([file]);
    expect(event.defaultPrevented).toBe(true);
  });

  it('leaves a plain text paste, and a word processor’s text with its picture, to the text box', () => {
    const onPasteFiles = vi.fn();
    render(<Harness onPasteFiles={onPasteFiles} />);
    const textbox = screen.getByRole('textbox');
    expect(paste(textbox, clipboard([], { 'text/plain': 'hello' })).defaultPrevented).toBe(false);
    const rich = clipboard([png()], { 'text/plain': 'Quarterly results', 'text/html': '<p>Quarterly results</p>' });
    expect(paste(textbox, rich).defaultPrevented).toBe(false);
    expect(onPasteFiles).not.toHaveBeenCalled();
  });

  it('without onPasteFiles a paste of files is left alone', () => {
    render(<Harness />);
    expect(paste(screen.getByRole('textbox'), clipboard([png()])).defaultPrevented).toBe(false);
  });
});
