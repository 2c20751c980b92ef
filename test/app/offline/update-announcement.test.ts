import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { announceUpdate, UPDATE_TOAST_ID, whenQuiet, type QuietSources } from '../../../src/app/offline/update-announcement';
import { resetToasts, toastStore } from '../../../src/ui/toast/toast-store';

/** A stand-in for the chat store's streaming replies, and a real DOM subtree for the dialogs. */
function sources(replying: boolean) {
  const listeners = new Set<() => void>();
  const root = document.createElement('div');
  document.body.append(root);
  const state = { replying };
  const quiet: QuietSources = {
    replying: () => state.replying,
    subscribeReplies: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    root,
  };
  const setReplying = (next: boolean) => {
    state.replying = next;
    for (const listener of [...listeners]) listener();
  };
  return { quiet, root, setReplying, listeners };
}

const flushObservers = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

beforeEach(() => resetToasts());
afterEach(() => {
  document.body.innerHTML = '';
});

describe('the update announcement waits for quiet (issue 26)', () => {
  it('runs at once when no reply streams and no dialog is open', () => {
    const then = vi.fn();
    whenQuiet(then, sources(false).quiet);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('waits for a streaming reply to end, then stops listening', () => {
    const then = vi.fn();
    const { quiet, setReplying, listeners } = sources(true);
    whenQuiet(then, quiet);
    setReplying(true);
    expect(then).not.toHaveBeenCalled();
    setReplying(false);
    expect(then).toHaveBeenCalledTimes(1);
    expect(listeners.size).toBe(0);
  });

  it('waits for an open dialog to close, and for the reply too when both are on', async () => {
    const then = vi.fn();
    const { quiet, root, setReplying } = sources(true);
    const dialog = document.createElement('dialog');
    dialog.setAttribute('open', '');
    root.append(dialog);
    whenQuiet(then, quiet);
    setReplying(false);
    expect(then).not.toHaveBeenCalled();
    dialog.removeAttribute('open');
    await flushObservers();
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('announces with a Reload action that stays until used', () => {
    const reload = vi.fn();
    const { quiet, setReplying } = sources(true);
    announceUpdate(reload, quiet);
    expect(toastStore.getSnapshot()).toHaveLength(0);
    setReplying(false);
    const [shown] = toastStore.getSnapshot();
    expect(shown).toMatchObject({ id: UPDATE_TOAST_ID, title: 'A new version of Parley is ready', duration: 0 });
    shown!.actions[0]!.onClick!({ preventDefault() {} });
    expect(shown!.actions[0]!.label).toBe('Reload');
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
