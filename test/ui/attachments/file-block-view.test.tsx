import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FileBlockView } from '../../../src/ui/attachments';

describe('FileBlockView', () => {
  it('is collapsed under "name · size" and shows the text as plain preformatted text', () => {
    const { container } = render(<FileBlockView name="notes.md" size={1500} text={'# Title\n\n- one'} />);
    const details = container.querySelector('details')!;
    expect(details.open).toBe(false);
    const summary = container.querySelector('summary')!;
    expect(summary.textContent).toBe('notes.md · 1.5 kB');
    fireEvent.click(summary);
    const pre = container.querySelector('pre')!;
    expect(pre.textContent).toBe('# Title\n\n- one');
    expect(pre.children).toHaveLength(0);
  });

  it('counts a PDF’s pages in its summary', () => {
    const { container, rerender } = render(<FileBlockView kind="pdf" name="paper.pdf" size={250_000} text="Abstract" pageCount={12} />);
    expect(container.querySelector('summary')!.textContent).toBe('paper.pdf · 250 kB · 12 pages');
    rerender(<FileBlockView kind="pdf" name="memo.pdf" size={900} text="Hi" pageCount={1} />);
    expect(container.querySelector('summary')!.textContent).toBe('memo.pdf · 900 bytes · 1 page');
  });

  it('says when the text was cut or decoded with the fallback encoding', () => {
    const { rerender } = render(<FileBlockView name="log.txt" size={10} text="x" />);
    expect(screen.queryByText(/longer than the text limit/)).toBeNull();
    expect(screen.queryByText(/Windows-1252/)).toBeNull();
    rerender(<FileBlockView name="log.txt" size={10} text="x" truncated encodingWarning />);
    expect(screen.getByText(/longer than the text limit/)).toBeTruthy();
    expect(screen.getByText(/Windows-1252/)).toBeTruthy();
  });

  it('never turns a file of markup, or a name of markup, into elements', () => {
    const name = '<img src=x onerror=alert(1)>.html';
    const text = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const { container } = render(<FileBlockView name={name} size={60} text={text} defaultOpen />);
    expect(container.querySelector('img, script')).toBeNull();
    expect(container.querySelector('pre')!.textContent).toBe(text);
    expect(container.querySelector('summary')!.textContent).toContain(name);
  });
});
