import { fireEvent, render, screen } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog, Dialog, DialogFocusFallback } from '../../../src/ui/dialog';

/** The app's answer when the opener is gone: the message box, as Parley's app layer does. */
const composer = () => document.querySelector<HTMLElement>('textarea[aria-label="Message"]');

function App({ children }: { children: ReactNode }) {
  return (
    <DialogFocusFallback value={composer}>
      <textarea aria-label="Message" />
      {children}
    </DialogFocusFallback>
  );
}

/** A dialog whose opener can go away while it is open (a connection hint that disappears once connected). */
function Owner({ initiallyOpen = false }: { initiallyOpen?: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  const [opener, setOpener] = useState(true);
  return (
    <>
      {opener && (
        <button type="button" onClick={() => setOpen(true)}>
          Open Settings
        </button>
      )}
      <Dialog open={open} onOpenChange={setOpen} title="Settings">
        <button type="button" onClick={() => setOpener(false)}>
          Connect
        </button>
      </Dialog>
    </>
  );
}

const escape = () => fireEvent.keyDown(document.activeElement!, { key: 'Escape' });

describe('Dialog focus on close', () => {
  it('returns to the opener when it is still there, not to the fallback', () => {
    render(
      <App>
        <Owner />
      </App>,
    );
    const opener = screen.getByRole('button', { name: 'Open Settings' });
    opener.focus();
    fireEvent.click(opener);
    escape();
    expect(document.activeElement).toBe(opener);
  });

  it('goes to the fallback when the dialog opened with nothing focused (opened by the app itself)', () => {
    render(
      <App>
        <Owner initiallyOpen />
      </App>,
    );
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeTruthy();
    escape();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' }));
  });

  it('goes to the fallback when the opener went away while the dialog was open', () => {
    render(
      <App>
        <Owner />
      </App>,
    );
    const opener = screen.getByRole('button', { name: 'Open Settings' });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(opener.isConnected).toBe(false);
    escape();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' }));
  });

  it('prefers its own focusFallback to the app’s', () => {
    function Own() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <button type="button" id="own-fallback">Chat settings</button>
          <Dialog open={open} onOpenChange={setOpen} title="Model" focusFallback={() => document.querySelector<HTMLElement>('#own-fallback')}>
            <button type="button">Pick</button>
          </Dialog>
        </>
      );
    }
    render(
      <App>
        <Own />
      </App>,
    );
    escape();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Chat settings' }));
  });

  it('moves the confirm dialog’s focus to the fallback after its action removed the opener', () => {
    function DeleteChat() {
      const [open, setOpen] = useState(false);
      const [exists, setExists] = useState(true);
      return (
        <>
          {exists && (
            <button type="button" onClick={() => setOpen(true)}>
              Delete chat
            </button>
          )}
          <ConfirmDialog open={open} onOpenChange={setOpen} title="Delete this chat?" destructive confirmLabel="Delete" onConfirm={() => setExists(false)} />
        </>
      );
    }
    render(
      <App>
        <DeleteChat />
      </App>,
    );
    const opener = screen.getByRole('button', { name: 'Delete chat' });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' }));
  });
});
