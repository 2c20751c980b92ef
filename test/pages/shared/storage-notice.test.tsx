import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createChatStore, resetChatStore, type ChatPersistence } from '../../../src/chat';
import { createMemoryPersistence } from '../../../src/chat/persistence/memory-persistence';
import { SAVED_NOTICE_MS } from '../../../src/pages/shared/storage-notice';
import { StorageNoticeSlot } from '../../../src/pages/shared/storage-notice-slot';
import { noticeStorageEvent } from '../../../src/pages/shared/storage-notice-events';
import { storageNotice } from '../../../src/pages/shared/storage-notice-state';
import { resetToasts, Toaster } from '../../../src/ui/toast';

afterEach(() => {
  resetChatStore();
  resetToasts();
  storageNotice.set(null);
  vi.useRealTimers();
});

/** Memory storage that refuses every write while `full` is set, as a browser out of quota does. */
function refusingStorage() {
  const inner = createMemoryPersistence();
  const disk = { full: false };
  const refuse = <A extends unknown[], R>(write: (...args: A) => Promise<R>) => (...args: A) =>
    disk.full ? Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError')) : write(...args);
  const persistence: ChatPersistence = { ...inner, createChat: refuse(inner.createChat), restoreChat: refuse(inner.restoreChat) };
  return { persistence, disk, inner };
}

const BODY =
  'Delete chats you no longer need, or free space in the browser’s site settings. Changes marked “Not saved” stay in this tab and are saved as soon as there is room.';

describe('the storage-full notice above the message box', () => {
  it('says how much is used of how much, what to do, and turns into the all-clear after Try again; no toast', async () => {
    const { persistence, disk, inner } = refusingStorage();
    const store = createChatStore({
      persistence,
      broadcast: null,
      win: null,
      doc: null,
      locks: null,
      estimateStorage: async () => ({ usage: 48_000_000, quota: 50_000_000 }),
    });
    resetChatStore(store);
    store.onError((event) => void noticeStorageEvent(event));
    render(
      <>
        <StorageNoticeSlot />
        <Toaster />
      </>,
    );

    disk.full = true;
    const { chatId } = await act(() => store.createChat({ text: 'Kept in memory' }));
    const warning = await screen.findByRole('alert');
    expect(warning.dataset.state).toBe('full');
    expect(warning.textContent).toBe(`Storage is fullParley uses 48 MB of 50 MB allowed. ${BODY}Try again`);
    // Said in the page, not in the notifications' corner over the header's buttons.
    expect(screen.getByRole('region', { name: 'Notifications (F8)' }).textContent).not.toContain('Storage is full');

    disk.full = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    const allClear = await screen.findByText('Everything is saved');
    expect(allClear.closest('[role="status"]')?.getAttribute('data-state')).toBe('saved');
    expect(screen.queryByText('Storage is full')).toBeNull();
    expect((await inner.getChat(chatId))?.title).toBe('Kept in memory');
  });

  it('leaves the figures out when the browser cannot tell', async () => {
    render(<StorageNoticeSlot />);
    act(() => void noticeStorageEvent({ kind: 'storage-full', operation: 'save-message' }));
    const warning = await screen.findByRole('alert');
    expect(warning.textContent).toBe(`Storage is full${BODY}Try again`);
  });

  it('the all-clear goes by itself; other events are not the notice’s', async () => {
    render(<StorageNoticeSlot />);
    act(() => void noticeStorageEvent({ kind: 'storage-saved' }));
    await screen.findByRole('status');
    // Its code has loaded; a second all-clear starts its timer under fake timers.
    vi.useFakeTimers();
    act(() => void noticeStorageEvent({ kind: 'storage-saved' }));
    act(() => void vi.advanceTimersByTime(SAVED_NOTICE_MS - 1));
    expect(screen.getByRole('status').dataset.state).toBe('saved');
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();
    expect(noticeStorageEvent({ kind: 'storage-unavailable', reason: 'private mode' })).toBe(false);
  });
});
