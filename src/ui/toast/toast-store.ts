import { TOAST_DURATION_MS, TOAST_LIMIT } from './toast-layout';

/**
 * The toast store (SPEC A2): a plain observer outside React, so any module can call
 * `toast.add(...)` — also before a toaster has mounted; a toaster that mounts later reads the
 * active toasts from the snapshot. Snapshots are immutable arrays, newest first.
 *
 * The store owns the clock, so pausing is one place. A toast's time runs from the moment it is
 * added, whether or not a toaster is mounted (the app mounts its toaster at start-up, so nothing
 * expires unseen, and `toast.add` behaves the same from any module and in any test); only pause
 * reasons freeze it.
 */

export const TOAST_COLORS = ['neutral', 'primary', 'success', 'info', 'warning', 'error'] as const;
export type ToastColor = (typeof TOAST_COLORS)[number];

/** setTimeout fires at once beyond this (a signed 32-bit delay), so longer toasts are treated as sticky. */
export const MAX_TIMER_MS = 2_147_483_647;

export interface ToastAvatar {
  src?: string;
  alt?: string;
  text?: string;
}

export interface ToastAction {
  label: string;
  /** Runs before the toast closes; call `event.preventDefault()` to keep it open. */
  onClick?: (event: { preventDefault(): void }) => void;
}

export interface ToastOptions {
  /** Adding with an id that is already shown updates that toast in place. */
  id?: string;
  title?: string;
  description?: string;
  /** An icon name (SPEC A4), e.g. 'lucide:check'. */
  icon?: string;
  /** Shown instead of the icon when both are given. */
  avatar?: ToastAvatar;
  color?: ToastColor;
  /** Milliseconds until the toast closes itself; 0 keeps it until closed. Default 5000. */
  duration?: number;
  actions?: readonly ToastAction[];
}

/** The timer as of `since`: the view animates the bar from these numbers. */
export interface ToastClock {
  /** Milliseconds that were left at `since`. */
  readonly remaining: number;
  /** False while paused (and always for sticky toasts). */
  readonly running: boolean;
  /** Date.now() when the clock last started, stopped or restarted. */
  readonly since: number;
}

export interface Toast {
  readonly id: string;
  readonly title?: string;
  readonly description?: string;
  readonly icon?: string;
  readonly avatar?: ToastAvatar;
  readonly color: ToastColor;
  /** Normalised: 0 means sticky (no timer, no progress bar). */
  readonly duration: number;
  readonly actions: readonly ToastAction[];
  /** How many times the toast was updated in place; the view pulses when it changes. */
  readonly updateCount: number;
  readonly clock: ToastClock;
}

type Listener = () => void;

const listeners = new Set<Listener>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
const pauseReasons = new Set<string>();
let toasts: readonly Toast[] = [];
let seed = 0;

const clockRuns = () => pauseReasons.size === 0;

function normaliseDuration(duration: number | undefined): number {
  if (duration === undefined) return TOAST_DURATION_MS;
  return duration > 0 && duration <= MAX_TIMER_MS ? duration : 0;
}

function emit(next: readonly Toast[]) {
  toasts = next;
  for (const listener of [...listeners]) listener();
}

function clearTimer(id: string) {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
}

function remainingOf(toast: Toast, now = Date.now()): number {
  const { remaining, running, since } = toast.clock;
  return running ? Math.max(0, remaining - (now - since)) : remaining;
}

/** The toast with its clock (re)set to `remaining` ms, running or frozen as the store is. */
function withClock(toast: Toast, remaining: number): Toast {
  clearTimer(toast.id);
  const since = Date.now();
  if (toast.duration === 0) return { ...toast, clock: { remaining: 0, running: false, since } };
  const running = clockRuns();
  if (running) timers.set(toast.id, setTimeout(() => remove(toast.id), remaining));
  return { ...toast, clock: { remaining, running, since } };
}

/** Starts or freezes every clock when the run condition flipped. */
function syncClocks(wasRunning: boolean) {
  if (clockRuns() === wasRunning) return;
  const now = Date.now();
  emit(toasts.map((toast) => withClock(toast, remainingOf(toast, now))));
}

function fromOptions(id: string, options: ToastOptions, updateCount: number): Toast {
  const record: Toast = {
    id,
    title: options.title,
    description: options.description,
    icon: options.icon,
    avatar: options.avatar,
    color: options.color ?? 'neutral',
    duration: normaliseDuration(options.duration),
    actions: options.actions ?? [],
    updateCount,
    clock: { remaining: 0, running: false, since: 0 },
  };
  return withClock(record, record.duration);
}

function nextId(): string {
  let id: string;
  do id = `toast-${++seed}`;
  while (toasts.some((toast) => toast.id === id));
  return id;
}

/** Shows a toast (or updates the one with the same id in place); returns its id. */
function add(options: ToastOptions = {}): string {
  const id = options.id ?? nextId();
  const existing = toasts.find((toast) => toast.id === id);
  if (existing) {
    const updated = fromOptions(id, options, existing.updateCount + 1);
    emit(toasts.map((toast) => (toast === existing ? updated : toast)));
    return id;
  }
  const next = [fromOptions(id, options, 0), ...toasts];
  // The oldest goes at once: the limit is about what is on screen, there is no queue.
  for (const dropped of next.splice(TOAST_LIMIT)) clearTimer(dropped.id);
  emit(next);
  return id;
}

/** Changes a shown toast in place (pulse, timer restarted); returns false when it isn't shown. */
function update(id: string, patch: Omit<ToastOptions, 'id'>): boolean {
  const existing = toasts.find((toast) => toast.id === id);
  if (!existing) return false;
  const { clock: _clock, updateCount, ...current } = existing;
  const updated = fromOptions(id, { ...current, ...patch }, updateCount + 1);
  emit(toasts.map((toast) => (toast === existing ? updated : toast)));
  return true;
}

function remove(id: string): void {
  if (!toasts.some((toast) => toast.id === id)) return;
  clearTimer(id);
  emit(toasts.filter((toast) => toast.id !== id));
}

function clear(): void {
  for (const id of timers.keys()) clearTimer(id);
  if (toasts.length > 0) emit([]);
}

/** Freezes every toast's time; held until the same reason is released (reasons combine). */
function pauseAll(reason = 'api'): void {
  const wasRunning = clockRuns();
  pauseReasons.add(reason);
  syncClocks(wasRunning);
}

/** Releases one pause reason; clocks resume with the time that was left once none is held. */
function resumeAll(reason = 'api'): void {
  const wasRunning = clockRuns();
  pauseReasons.delete(reason);
  syncClocks(wasRunning);
}

/** Milliseconds left for a toast right now (0 for sticky ones), undefined when it isn't shown. */
function remaining(id: string): number | undefined {
  const found = toasts.find((toast) => toast.id === id);
  return found ? remainingOf(found) : undefined;
}

/** The public API any module may call. */
export const toast = { add, update, remove, clear, pauseAll, resumeAll, remaining };

/** What the view needs: a useSyncExternalStore source. */
export const toastStore = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  getSnapshot: (): readonly Toast[] => toasts,
};

/** Tests: no toasts, no timers, no pause reasons, ids from 1 again (subscribers stay). */
export function resetToasts(): void {
  for (const id of timers.keys()) clearTimer(id);
  pauseReasons.clear();
  seed = 0;
  emit([]);
}
