import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AttachmentTray, type AttachmentTrayItem } from '../../../src/ui/attachments';
import { resetDefaultTooltipStore } from '../../../src/ui/tooltip/tooltip-store';

afterEach(() => resetDefaultTooltipStore());

const item = (id: string, name: string, extra: Partial<AttachmentTrayItem> = {}): AttachmentTrayItem => ({
  ref: { id, kind: 'text', name, size: 2048, mimeType: 'text/plain' },
  state: 'ready',
  ...extra,
});

/** A page owning the draft: removal takes the chip away, and the text box is the last resort for focus. */
function Harness({ initial }: { initial: AttachmentTrayItem[] }) {
  const [items, setItems] = useState(initial);
  return (
    <>
      <AttachmentTray
        items={items}
        onRemove={(id) => setItems((all) => all.filter((entry) => entry.ref.id !== id))}
        onFocusEmpty={() => document.getElementById('box')?.focus()}
      />
      <textarea id="box" aria-label="Message" />
    </>
  );
}

describe('AttachmentTray', () => {
  it('is a list named Attachments with one item per file: name, size, token estimate', () => {
    render(<AttachmentTray items={[item('a', 'notes.md', { tokens: 1234 }), item('b', 'data.csv')]} onRemove={() => undefined} />);
    const list = screen.getByRole('list', { name: 'Attachments' });
    const chips = within(list).getAllByRole('listitem');
    expect(chips).toHaveLength(2);
    expect(chips[0]!.getAttribute('data-state')).toBe('ready');
    expect(chips[0]!.textContent).toContain('notes.md');
    expect(chips[0]!.textContent).toContain('2 kB');
    expect(chips[0]!.textContent).toContain('≈ 1,234 tokens');
    expect(within(chips[1]!).getByRole('button', { name: 'Remove data.csv' })).toBeTruthy();
  });

  it('shows nothing when there are no files', () => {
    render(<AttachmentTray items={[]} onRemove={() => undefined} />);
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('marks a file being prepared with a labelled progress indicator, and a refused one with its message', () => {
    render(
      <AttachmentTray
        items={[
          item('a', 'scan.pdf', { state: 'processing', tokens: 10 }),
          item('b', 'report.exe', { state: 'error', error: 'report.exe: this type of file cannot be attached.' }),
        ]}
        onRemove={() => undefined}
      />,
    );
    const [busy, failed] = screen.getAllByRole('listitem');
    expect(busy!.getAttribute('data-state')).toBe('processing');
    expect(within(busy!).getByRole('progressbar', { name: 'Preparing scan.pdf' })).toBeTruthy();
    // No estimate until the file is ready.
    expect(busy!.textContent).not.toContain('tokens');
    expect(failed!.getAttribute('data-state')).toBe('error');
    const alert = within(failed!).getByRole('alert');
    expect(alert.textContent).toBe('report.exe: this type of file cannot be attached.');
    const remove = within(failed!).getByRole('button', { name: 'Remove report.exe' });
    expect(remove.getAttribute('aria-describedby')).toContain(alert.id);
  });

  it('moves focus to the next chip, then the previous one, then the text box as chips are removed', () => {
    render(<Harness initial={[item('a', 'one.txt'), item('b', 'two.txt'), item('c', 'three.txt')]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove two.txt' }));
    expect(screen.queryByText('two.txt')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove three.txt' }));

    fireEvent.click(screen.getByRole('button', { name: 'Remove three.txt' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove one.txt' }));

    fireEvent.click(screen.getByRole('button', { name: 'Remove one.txt' }));
    expect(screen.queryByRole('list')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' }));
  });

  it('keeps the whole name in the text and the tooltip while cutting it in the middle', () => {
    const name = 'quarterly-financial-report-for-the-board-final-draft-3.pdf';
    render(<AttachmentTray items={[item('a', name)]} onRemove={() => undefined} />);
    const chip = screen.getByRole('listitem');
    expect(chip.textContent).toContain(name);
    expect(within(chip).getByTitle(name).textContent).toBe(name);
    expect(chip.querySelector('.file-name__tail')?.textContent).toBe('raft-3.pdf');
  });

  it('renders a file name made of markup as text', () => {
    const name = '<img src=x onerror=alert(1)>.txt';
    render(<AttachmentTray items={[item('a', name)]} onRemove={() => undefined} />);
    const chip = screen.getByRole('listitem');
    expect(chip.querySelector('img')).toBeNull();
    expect(chip.textContent).toContain(name);
    expect(screen.getByRole('button', { name: `Remove ${name}` })).toBeTruthy();
  });

  it('offers a PDF’s pages as images and says when it has no text layer', () => {
    const onAsImagesChange = vi.fn();
    render(
      <AttachmentTray
        items={[
          {
            ref: { id: 'p', kind: 'pdf', name: 'scan.pdf', size: 90_000 },
            state: 'ready',
            pdf: { hasTextLayer: false, canSendAsImages: true, asImages: false, onAsImagesChange },
          },
        ]}
        onRemove={() => undefined}
      />,
    );
    expect(screen.getByText('No text layer (scanned?)')).toBeTruthy();
    const toggle = screen.getByRole('checkbox', { name: 'Send pages as images' }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    expect(onAsImagesChange).toHaveBeenCalledExactlyOnceWith(true);
  });

  it('shows an image’s preview from a blob: URL and revokes it when the chip goes', () => {
    const create = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview-1');
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const preview = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/webp' });
    const image = { ref: { id: 'i', kind: 'image' as const, name: 'cat.webp', size: 3, width: 4, height: 3 }, state: 'ready' as const, preview };
    const { unmount, container } = render(<AttachmentTray items={[image]} onRemove={() => undefined} />);
    expect(create).toHaveBeenCalledWith(preview);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('blob:preview-1');
    expect(revoke).not.toHaveBeenCalled();
    unmount();
    expect(revoke).toHaveBeenCalledExactlyOnceWith('blob:preview-1');
  });
});
