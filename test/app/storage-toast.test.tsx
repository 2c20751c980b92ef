import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { toastForChatEvent } from '../../src/app/chat-event-toasts';
import { createChatStore, resetChatStore, type ChatPersistence } from '../../src/chat';
import { createMemoryPersistence } from '../../src/chat/persistence/memory-persistence';
import { resetToasts, toast, Toaster } from '../../src/ui/toast';

afterEach(() => {
  resetChatStore();
  resetToasts();
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

const context = { openChat: () => {} };
const region = () => screen.getByRole('region', { name: 'Notifications (F8)' });

describe('the storage-full warning', () => {
  it('says how much is used of how much, what to do, and turns into the all-clear after Try again', async () => {
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
    store.onError((event) => {
      const options = toastForChatEvent(event, context);
      if (options) toast.add(options);
    });
    render(<Toaster />);

    disk.full = true;
    const { chatId } = await act(() => store.createChat({ text: 'Kept in memory' }));
    const warning = await within(region()).findByRole('listitem');
    expect(within(warning).getByText('Storage is full')).toBeTruthy();
    expect(
      within(warning).getByText(
        'Parley uses 48 MB of 50 MB allowed. Delete chats you no longer need, or free space in the browser’s site settings. Changes marked “Not saved” stay in this tab and are saved as soon as there is room.',
      ),
    ).toBeTruthy();

    disk.full = false;
    await act(async () => fireEvent.click(within(warning).getByRole('button', { name: 'Try again' })));
    const allClear = await within(region()).findByText('Everything is saved');
    expect(allClear.closest('li')?.getAttribute('data-color')).toBe('success');
    expect(within(region()).queryByText('Storage is full')).toBeNull();
    expect((await inner.getChat(chatId))?.title).toBe('Kept in memory');
  });

  it('leaves the figures out when the browser cannot tell', () => {
    const options = toastForChatEvent({ kind: 'storage-full', operation: 'save-message' }, context)!;
    expect(options.description).toBe(
      'Delete chats you no longer need, or free space in the browser’s site settings. Changes marked “Not saved” stay in this tab and are saved as soon as there is room.',
    );
    expect(options.actions?.map((a) => a.label)).toEqual(['Try again']);
    expect(options.duration).toBe(0);
  });
});
