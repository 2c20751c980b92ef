import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AttachmentChip, FileBlockView, FileName, ImageThumbnails, attachmentErrorText } from '../../../src/ui/attachments';
import { resetDefaultTooltipStore } from '../../../src/ui/tooltip/tooltip-store';

/** Shown as it is, this reads "invoice-txt.pdf": the override turns "fdp.txt" around. */
const SPOOFED = 'invoice-\u202Efdp.txt';
const SHOWN = 'invoice-⟨U+202E⟩fdp.txt';
const CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/;

beforeEach(() => {
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:picture');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
});
afterEach(() => resetDefaultTooltipStore());

/** The text a person sees: every text node, the isolates of accessible names excepted. */
const visibleText = (element: Element) => element.textContent ?? '';

describe('a file name with bidirectional controls', () => {
  it('FileName: isolated in <bdi>, each control shown as a marker, and the tooltip the same', () => {
    render(<FileName name={SPOOFED} />);
    const name = document.querySelector('bdi.file-name')!;
    expect(visibleText(name)).toBe(SHOWN);
    expect(name.getAttribute('title')).toBe(SHOWN);
    expect(visibleText(document.body)).not.toMatch(CONTROLS);
  });

  it('FileName: a long name keeps the marker in its shown parts', () => {
    render(<FileName name={`quarterly-report-final-version-\u202Egpj.exe`} />);
    const name = document.querySelector('bdi.file-name')!;
    expect(visibleText(name)).toBe('quarterly-report-final-version-⟨U+202E⟩gpj.exe');
  });

  it('an attachment chip shows the name isolated and says it in its buttons’ names', () => {
    render(
      <ul>
        <AttachmentChip item={{ id: 'a', kind: 'text', name: SPOOFED, size: 10 }} state="processing" onRemove={() => {}} />
      </ul>,
    );
    const chip = screen.getByRole('listitem');
    expect(visibleText(chip.querySelector('bdi')!)).toBe(SHOWN);
    expect(visibleText(chip)).not.toMatch(CONTROLS);
    // Accessible names isolate the name with FSI … PDI and show the control too.
    expect(screen.getByRole('button', { name: `Remove \u2068${SHOWN}\u2069` })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: `Preparing \u2068${SHOWN}\u2069` })).toBeTruthy();
  });

  it('a file block in the thread: the summary isolates the name in <bdi>', () => {
    render(<FileBlockView name={SPOOFED} size={2048} text="hello" />);
    const summary = document.querySelector('summary')!;
    expect(visibleText(summary.querySelector('bdi')!)).toBe(SHOWN);
    expect(visibleText(summary)).toBe(`${SHOWN} · 2 kB`);
    expect(visibleText(summary)).not.toMatch(CONTROLS);
  });

  it('a picture: its thumbnail’s name, and the viewer’s title and alt text', async () => {
    const picture = { id: 'p', kind: 'image' as const, name: `cat-\u202Egnp.exe`, size: 5, width: 2, height: 2 };
    render(<ImageThumbnails images={[picture]} loadBlob={async () => new Blob(['x'], { type: 'image/png' })} />);
    const open = await screen.findByRole('button', { name: 'Open image \u2068cat-⟨U+202E⟩gnp.exe\u2069' });
    await act(async () => fireEvent.click(open));
    const dialog = screen.getByRole('dialog');
    expect(visibleText(dialog.querySelector('h2 bdi')!)).toBe('cat-⟨U+202E⟩gnp.exe');
    expect(within(dialog).getByRole('img').getAttribute('alt')).toBe('\u2068cat-⟨U+202E⟩gnp.exe\u2069');
    expect(visibleText(dialog)).not.toMatch(CONTROLS);
  });

  it('a refusal sentence names the file isolated, control shown', () => {
    expect(attachmentErrorText('empty', SPOOFED)).toBe(`\u2068${SHOWN}\u2069 is empty: there is nothing in it to attach.`);
  });
});
