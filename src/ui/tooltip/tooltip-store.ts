/** Hover time before a tooltip opens, so sweeping the pointer across the UI doesn't flash tooltips. */
export const TOOLTIP_DELAY_MS = 700;
/** After a tooltip closes, another trigger hovered within this window opens at once: the user is browsing tooltips. */
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** `delayed-open`: opened after the hover delay; `instant-open`: by keyboard focus or while browsing tooltips. */
export type TooltipState = 'closed' | 'delayed-open' | 'instant-open';

export interface TooltipStoreOptions {
  delayDuration?: number;
  skipDelayDuration?: number;
}

/**
 * One provider's tooltips, outside React: which one is open (one at a time), the pending
 * hover timer and the skip window. Tooltips are told apart by an id (their `useId`).
 */
export interface TooltipStore {
  subscribe(listener: () => void): () => void;
  getState(id: string): TooltipState;
  /** A pointer started hovering the trigger: open after the delay, or at once while browsing. */
  hover(id: string): void;
  /** Open at once (keyboard focus). */
  open(id: string): void;
  /** Cancel a pending hover and close if open. Returns whether a tooltip was actually closed. */
  close(id: string): boolean;
  configure(options: TooltipStoreOptions): void;
  /** Close everything, forget the skip window and clear timers (provider unmount, tests). */
  reset(): void;
}

export function createTooltipStore(options: TooltipStoreOptions = {}): TooltipStore {
  let delay = options.delayDuration ?? TOOLTIP_DELAY_MS;
  let skipDelay = options.skipDelayDuration ?? TOOLTIP_SKIP_DELAY_MS;
  let openId: string | null = null;
  let openState: Exclude<TooltipState, 'closed'> = 'instant-open';
  let pending: { id: string; timer: ReturnType<typeof setTimeout> } | null = null;
  // Non-null exactly while inside the skip window.
  let skipTimer: ReturnType<typeof setTimeout> | null = null;
  const listeners = new Set<() => void>();

  const emit = () => {
    for (const listener of [...listeners]) listener();
  };
  const cancelPending = (id?: string) => {
    if (!pending || (id !== undefined && pending.id !== id)) return;
    clearTimeout(pending.timer);
    pending = null;
  };
  const endSkipWindow = () => {
    if (skipTimer === null) return;
    clearTimeout(skipTimer);
    skipTimer = null;
  };
  const show = (id: string, state: Exclude<TooltipState, 'closed'>) => {
    cancelPending();
    endSkipWindow();
    openId = id;
    openState = state;
    emit();
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    getState: (id) => (id === openId ? openState : 'closed'),
    hover(id) {
      if (openId === id || pending?.id === id) return;
      if (openId !== null || skipTimer !== null || delay <= 0) {
        show(id, 'instant-open');
        return;
      }
      cancelPending();
      pending = { id, timer: setTimeout(() => show(id, 'delayed-open'), delay) };
    },
    open(id) {
      if (openId !== id) show(id, 'instant-open');
    },
    close(id) {
      cancelPending(id);
      if (openId !== id) return false;
      openId = null;
      endSkipWindow();
      if (skipDelay > 0) skipTimer = setTimeout(() => (skipTimer = null), skipDelay);
      emit();
      return true;
    },
    configure(next) {
      delay = next.delayDuration ?? delay;
      skipDelay = next.skipDelayDuration ?? skipDelay;
    },
    reset() {
      cancelPending();
      endSkipWindow();
      if (openId === null) return;
      openId = null;
      emit();
    },
  };
}

/** Used by tooltips rendered outside any TooltipProvider, so they still show one at a time. */
export const defaultTooltipStore = createTooltipStore();

/** Tests: forget the default store's open tooltip, timers and skip window. */
export function resetDefaultTooltipStore() {
  defaultTooltipStore.reset();
}
