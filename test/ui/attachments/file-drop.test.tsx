import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FileDropOverlay, useFileDrop, useNoNavigateOnDrop } from '../../../src/ui/attachments';

/** A drag event as the browser sends it, with a DataTransfer listing `types` and holding `files`. */
function drag(type: string, types: string[], files: File[] = []) {
  const event = new Event(type, { bubbles: true, cancelable: true }) as DragEvent;
  Object.defineProperty(event, 'dataTransfer', { value: { types, files, dropEffect: 'none' } });
  return event;
}

const fire = <E extends Event>(target: EventTarget, event: E): E => {
  act(() => {
    target.dispatchEvent(event);
  });
  return event;
};

function Page({ onFiles, enabled = true }: { onFiles: (files: File[]) => void; enabled?: boolean }) {
  const { active } = useFileDrop({ onFiles, enabled });
  useNoNavigateOnDrop();
  return (
    <main>
      <p>Chat</p>
      <FileDropOverlay active={active} />
    </main>
  );
}

function Guard() {
  useNoNavigateOnDrop();
  return null;
}

/** Renders, then lets the drop listeners' code (loaded after mount) arrive and attach. */
async function renderPage(page: Parameters<typeof render>[0]) {
  const result = render(page);
  await act(async () => {
    await import('../../../src/ui/attachments/file-drop-listener');
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  return result;
}

describe('useFileDrop and FileDropOverlay', () => {
  it('covers the page while files are dragged over it, and hands the dropped files over', async () => {
    const onFiles = vi.fn();
    await renderPage(<Page onFiles={onFiles} />);
    const status = screen.getByRole('status');
    expect(status.getAttribute('data-state')).toBe('idle');
    expect(status.textContent).toBe('');

    const target = screen.getByText('Chat');
    fire(target, drag('dragenter', ['Files']));
    expect(status.getAttribute('data-state')).toBe('active');
    expect(status.textContent).toBe('Drop files to attach');
    const over = fire(target, drag('dragover', ['Files']));
    expect(over.defaultPrevented).toBe(true);

    const file = new File(['a'], 'a.txt', { type: 'text/plain' });
    const drop = fire(target, drag('drop', ['Files'], [file]));
    expect(drop.defaultPrevented).toBe(true);
    expect(onFiles).toHaveBeenCalledExactlyOnceWith([file]);
    expect(status.getAttribute('data-state')).toBe('idle');
  });

  it('goes back to idle when the drag leaves the page', async () => {
    await renderPage(<Page onFiles={() => undefined} />);
    const target = screen.getByText('Chat');
    fire(target, drag('dragenter', ['Files']));
    fire(document.body, drag('dragenter', ['Files']));
    // Crossing from one element to another inside the page: still over it.
    fire(target, drag('dragleave', ['Files']));
    expect(screen.getByRole('status').getAttribute('data-state')).toBe('active');
    fire(document.body, drag('dragleave', ['Files']));
    expect(screen.getByRole('status').getAttribute('data-state')).toBe('idle');
  });

  it('ignores drags of text or links from the page', async () => {
    const onFiles = vi.fn();
    await renderPage(<Page onFiles={onFiles} />);
    const target = screen.getByText('Chat');
    fire(target, drag('dragenter', ['text/plain']));
    expect(screen.getByRole('status').getAttribute('data-state')).toBe('idle');
    expect(fire(target, drag('drop', ['text/plain'])).defaultPrevented).toBe(false);
    expect(onFiles).not.toHaveBeenCalled();
  });

  it('does nothing while disabled, but the guard still keeps the browser from opening the file', async () => {
    const onFiles = vi.fn();
    await renderPage(<Page onFiles={onFiles} enabled={false} />);
    const target = screen.getByText('Chat');
    fire(target, drag('dragenter', ['Files']));
    expect(screen.getByRole('status').getAttribute('data-state')).toBe('idle');
    const drop = fire(target, drag('drop', ['Files'], [new File(['a'], 'a.txt')]));
    expect(drop.defaultPrevented).toBe(true);
    expect(onFiles).not.toHaveBeenCalled();
  });
});

describe('useNoNavigateOnDrop', () => {
  it('claims a stray file drag and drop anywhere, with the "no drop" cursor', () => {
    render(<Guard />);
    const over = fire(document.body, drag('dragover', ['Files']));
    expect(over.defaultPrevented).toBe(true);
    expect(over.dataTransfer!.dropEffect).toBe('none');
    expect(fire(document.body, drag('drop', ['Files'])).defaultPrevented).toBe(true);
  });

  it('leaves other drags, and stops guarding once unmounted', () => {
    const { unmount } = render(<Guard />);
    expect(fire(document.body, drag('drop', ['text/uri-list'])).defaultPrevented).toBe(false);
    unmount();
    expect(fire(document.body, drag('drop', ['Files'])).defaultPrevented).toBe(false);
  });
});
