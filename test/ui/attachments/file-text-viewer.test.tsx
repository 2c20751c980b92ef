import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FileBlockView } from '../../../src/ui/attachments';
import { FileTextViewer, textDownloadName } from '../../../src/ui/attachments/file-text-viewer';

const HOSTILE = '<img src=x onerror="window.__ran = true"><script>window.__ran = true</script>\nline two';

function SentFile({ clipboard }: { clipboard: Pick<Clipboard, 'writeText'> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <FileBlockView name="page.html" size={120} text={HOSTILE} onOpen={() => setOpen(true)} />
      <FileTextViewer open={open} onOpenChange={setOpen} name="page.html" kind="text" text={HOSTILE} clipboard={clipboard} />
    </>
  );
}

describe('a sent text file opened in its viewer', () => {
  it('shows the text as text (an HTML file shows its tags), and Copy copies it', async () => {
    const writeText = vi.fn(async () => {});
    render(<SentFile clipboard={{ writeText }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open page.html' }));
    const dialog = await screen.findByRole('dialog', { name: 'page.html' });
    const text = screen.getByLabelText('The text of page.html');
    expect(text.textContent).toBe(HOSTILE);
    expect(dialog.querySelector('img, script')).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy text' })));
    expect(writeText).toHaveBeenCalledWith(HOSTILE);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy();
  });

  it('a PDF’s text downloads as plain text beside its name', () => {
    expect(textDownloadName('report.pdf', 'pdf')).toBe('report.pdf.txt');
    expect(textDownloadName('main.rs', 'text')).toBe('main.rs');
    expect(textDownloadName('invoice-\u202Efdp.txt', 'text')).toBe('invoice-fdp.txt');
  });
});
