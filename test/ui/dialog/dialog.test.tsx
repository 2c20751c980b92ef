import { act, fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog, type DialogProps } from '../../../src/ui/dialog';

type Overrides = Partial<Omit<DialogProps, 'open' | 'onOpenChange'>>;

/** An owner holding the open state, with the button that opens the dialog (focus returns there). */
function Harness({ onOpenChange, ...props }: Overrides & { onOpenChange?: (open: boolean) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Rename chat
      </button>
      <Dialog
        title="Rename chat"
        description="Give this chat a name you will recognise."
        {...props}
        open={open}
        onOpenChange={(next) => {
          onOpenChange?.(next);
          setOpen(next);
        }}
      >
        {props.children ?? <input aria-label="Title" defaultValue="Untitled" />}
      </Dialog>
    </>
  );
}

function openHarness(props: Overrides & { onOpenChange?: (open: boolean) => void } = {}) {
  render(<Harness {...props} />);
  const opener = screen.getByRole('button', { name: 'Rename chat' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole('dialog', { name: 'Rename chat' }) };
}

describe('Dialog', () => {
  it('is not in the accessibility tree while closed', () => {
    render(<Harness />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.querySelector('dialog')?.getAttribute('data-state')).toBe('closed');
  });

  it('opens as a dialog named by its title and described by its description', () => {
    const { dialog } = openHarness();
    expect(dialog.tagName).toBe('DIALOG');
    expect((dialog as HTMLDialogElement).open).toBe(true);
    expect(dialog.getAttribute('data-state')).toBe('open');
    expect(dialog.getAttribute('data-size')).toBe('md');
    expect(screen.getByRole('heading', { level: 2, name: 'Rename chat' })).toBeTruthy();
    expect(screen.getByRole('dialog', { description: 'Give this chat a name you will recognise.' })).toBe(dialog);
  });

  it('has no aria-describedby without a description', () => {
    const { dialog } = openHarness({ description: undefined });
    expect(dialog.hasAttribute('aria-describedby')).toBe(false);
  });

  it('moves focus to the first focusable element of the content, past the close button', () => {
    openHarness();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Title' }));
  });

  it('focuses the dialog itself when its content has nothing focusable', () => {
    const { dialog } = openHarness({ children: <p>Nothing to do here.</p> });
    expect(document.activeElement).toBe(dialog);
  });

  it('focuses initialFocus given as a selector', () => {
    openHarness({
      children: (
        <>
          <input aria-label="Title" />
          <button type="button" data-save>
            Save
          </button>
        </>
      ),
      initialFocus: '[data-save]',
    });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save' }));
  });

  it('focuses initialFocus given as a ref', () => {
    function WithRef() {
      const ref = useRef<HTMLButtonElement>(null);
      return (
        <Dialog open onOpenChange={() => {}} title="Export" initialFocus={ref}>
          <input aria-label="File name" />
          <button ref={ref} type="button">
            Download
          </button>
        </Dialog>
      );
    }
    render(<WithRef />);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Download' }));
  });

  it('asks to close on Escape, closes, and returns focus to the element that opened it', () => {
    const onOpenChange = vi.fn();
    const { opener, dialog } = openHarness({ onOpenChange });
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(onOpenChange).toHaveBeenCalledTimes(1);
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(dialog.getAttribute('data-state')).toBe('closed');
    expect(document.activeElement).toBe(opener);
  });

  it('keeps the owner in charge of the native cancel event (Escape in a real browser)', () => {
    const onOpenChange = vi.fn();
    render(
      <Dialog open onOpenChange={onOpenChange} title="Settings">
        <input aria-label="Endpoint" />
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    const cancel = new Event('cancel', { cancelable: true });
    act(() => void dialog.dispatchEvent(cancel));
    expect(cancel.defaultPrevented).toBe(true);
    expect(onOpenChange).toHaveBeenCalledWith(false);
    // The owner didn't change `open`: the dialog stays.
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBe(dialog);
  });

  it('leaves a dialog open when Escape closes a dialog opened from inside it', () => {
    const outer = vi.fn();
    const inner = vi.fn();
    render(
      <Dialog open onOpenChange={outer} title="Settings">
        <Dialog open onOpenChange={inner} title="Keep the key?">
          <button type="button">Keep</button>
        </Dialog>
      </Dialog>,
    );
    const innerDialog = screen.getByRole('dialog', { name: 'Keep the key?' });
    act(() => void innerDialog.dispatchEvent(new Event('cancel', { cancelable: true })));
    act(() => void innerDialog.dispatchEvent(new Event('close')));
    expect(inner).toHaveBeenCalledWith(false);
    expect(outer).not.toHaveBeenCalled();
  });

  it('tells the owner when the browser closed it on its own, and shows it again if the owner keeps it open', () => {
    const onOpenChange = vi.fn();
    render(
      <Dialog open onOpenChange={onOpenChange} title="Settings">
        <input aria-label="Endpoint" />
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Settings' }) as HTMLDialogElement;
    act(() => dialog.close());
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(dialog.open).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBe(dialog);
  });

  it('does not close on Escape when the caller prevents it', () => {
    const onOpenChange = vi.fn();
    openHarness({ onOpenChange, onKeyDown: (event) => event.preventDefault() });
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('does not let the Escape that closed it reach the page', () => {
    const onPageKeyDown = vi.fn();
    document.addEventListener('keydown', onPageKeyDown);
    openHarness();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    document.removeEventListener('keydown', onPageKeyDown);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onPageKeyDown).not.toHaveBeenCalled();
  });

  it('closes on a click on the backdrop', () => {
    const onOpenChange = vi.fn();
    const { opener, dialog } = openHarness({ onOpenChange });
    fireEvent.pointerDown(dialog);
    fireEvent.click(dialog);
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('stays open for clicks inside, and for a drag that starts inside and ends on the backdrop', () => {
    const onOpenChange = vi.fn();
    const { dialog } = openHarness({ onOpenChange });
    const input = screen.getByRole('textbox', { name: 'Title' });
    fireEvent.pointerDown(input);
    fireEvent.click(input);
    fireEvent.pointerDown(input);
    fireEvent.click(dialog);
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  it('ignores the backdrop when dismissOnBackdrop is false', () => {
    const onOpenChange = vi.fn();
    const { dialog } = openHarness({ onOpenChange, dismissOnBackdrop: false });
    fireEvent.pointerDown(dialog);
    fireEvent.click(dialog);
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('has a close button named by closeLabel that closes it', () => {
    const onOpenChange = vi.fn();
    const { opener } = openHarness({ onOpenChange, closeLabel: 'Close dialog' });
    fireEvent.click(screen.getByRole('button', { name: 'Close dialog' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(document.activeElement).toBe(opener);
  });

  it('can go without a close button', () => {
    openHarness({ closeButton: false, closeLabel: 'Close dialog' });
    expect(screen.queryByRole('button', { name: 'Close dialog' })).toBeNull();
  });

  it('renders the footer and the size', () => {
    const { dialog } = openHarness({ size: 'lg', footer: <button type="button">Save</button> });
    expect(dialog.getAttribute('data-size')).toBe('lg');
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('returns focus when it unmounts while open', () => {
    function Owner({ show }: { show: boolean }) {
      return (
        <>
          <button type="button">Before</button>
          {show && (
            <Dialog open onOpenChange={() => {}} title="Gone soon">
              <input aria-label="Field" />
            </Dialog>
          )}
        </>
      );
    }
    const { rerender } = render(<Owner show={false} />);
    const before = screen.getByRole('button', { name: 'Before' });
    before.focus();
    rerender(<Owner show />);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Field' }));
    rerender(<Owner show={false} />);
    expect(document.activeElement).toBe(before);
  });
});
