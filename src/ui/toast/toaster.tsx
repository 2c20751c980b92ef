import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentPropsWithRef,
  type CSSProperties,
  type FocusEvent as ReactFocusEvent,
  type KeyboardEvent as ReactKeyboardEvent,
} from 'react';
import { composeEventHandlers } from '../../lib/compose-event-handlers';
import { usePositionOverride } from './position-override';
import { useComposedRefs } from '../../lib/compose-refs';
import { ToastAnnouncer } from './toast-announcer';
import { ToastItem, type MeasureHeight } from './toast-item';
import { stackHeight, stackOffsets, swipeDirectionFor } from './toast-geometry';
import { DEFAULT_TOAST_POSITION, TOAST_GAP_PX, TOAST_LIMIT, type ToastPosition } from './toast-layout';
import { isToastHotkey, toastRegionProps, toastRegionStyle } from './toast-region';
import { toast } from './toast-store';
import { useToastPause } from './use-toast-pause';
import { useToasts } from './use-toasts';
import './toast-area.css';
import './toast.css';

export { TOAST_HOTKEY } from './toast-layout';

export interface ToasterProps extends Omit<ComponentPropsWithRef<'section'>, 'children'> {
  /** Where the area sits; the component's default is bottom-right (the app mounts top-right). */
  position?: ToastPosition;
  /** How a toast's height is read; the default is `offsetHeight` (tests inject one: happy-dom does no layout). */
  measureHeight?: MeasureHeight;
}

const readOffsetHeight: MeasureHeight = (element) => element.offsetHeight;

/**
 * The toast area (SPEC A2): a landmark region "Notifications (F8)" holding the shown toasts as
 * an ordered list, newest first so Tab reaches the newest first. JS measures and computes the
 * stacking offsets; toast.css turns them into geometry.
 */
export function Toaster({
  position: givenPosition = DEFAULT_TOAST_POSITION,
  measureHeight = readOffsetHeight,
  ref,
  className,
  style,
  onKeyDown,
  onFocus,
  ...rest
}: ToasterProps) {
  const position = usePositionOverride() ?? givenPosition;
  const toasts = useToasts();
  const regionRef = useRef<HTMLElement>(null);
  const mergedRef = useComposedRefs(regionRef, ref);
  const [heights, setHeights] = useState<ReadonlyMap<string, number>>(new Map());
  /** Where focus was before it entered the area: it goes back there when the last focused toast closes. */
  const returnFocus = useRef<HTMLElement | null>(null);
  /** The stack index whose toast had focus when it closed; focus moves to whichever toast takes its place. */
  const pendingFocus = useRef<number | null>(null);

  useToastPause(regionRef, useId());

  useEffect(() => {
    const onWindowKeyDown = (event: KeyboardEvent) => {
      if (isToastHotkey(event)) regionRef.current?.focus();
    };
    window.addEventListener('keydown', onWindowKeyDown);
    return () => window.removeEventListener('keydown', onWindowKeyDown);
  }, []);

  const onHeight = useCallback((id: string, height: number) => {
    setHeights((previous) => (previous.get(id) === height ? previous : new Map(previous).set(id, height)));
  }, []);

  const dismiss = (id: string, hadFocus: boolean) => {
    if (hadFocus) pendingFocus.current = toasts.findIndex((item) => item.id === id);
    toast.remove(id);
  };

  useLayoutEffect(() => {
    // Forget the heights of toasts that are gone.
    setHeights((previous) => {
      const stale = [...previous.keys()].filter((id) => !toasts.some((item) => item.id === id));
      if (stale.length === 0) return previous;
      const next = new Map(previous);
      for (const id of stale) next.delete(id);
      return next;
    });
    const index = pendingFocus.current;
    const region = regionRef.current;
    if (index === null || !region) return;
    pendingFocus.current = null;
    const items = region.querySelectorAll<HTMLElement>('.toast');
    const next = items[Math.min(index, items.length - 1)];
    if (next) next.focus();
    else if (returnFocus.current?.isConnected) returnFocus.current.focus();
    else region.focus();
  }, [toasts]);

  const closeWithEscape = (event: ReactKeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || toasts.length === 0) return;
    // Only keys pressed inside the area reach here: a dialog or menu elsewhere keeps its Escape.
    const item = (event.target as Element).closest<HTMLElement>('[data-toast-id]');
    const id = item?.dataset.toastId ?? toasts[0]!.id;
    event.preventDefault();
    dismiss(id, Boolean(item?.contains(document.activeElement)));
  };

  const rememberReturnFocus = (event: ReactFocusEvent<HTMLElement>) => {
    const from = event.relatedTarget;
    if (from instanceof HTMLElement && !event.currentTarget.contains(from)) returnFocus.current = from;
  };

  const heightsNewestFirst = toasts.map((item) => heights.get(item.id) ?? 0);
  const offsets = stackOffsets(heightsNewestFirst);
  const swipeDirection = swipeDirectionFor(position);
  const numbers = {
    ...toastRegionStyle(),
    '--toast-gap': `${TOAST_GAP_PX}px`,
    '--toast-limit': TOAST_LIMIT,
    '--toast-stack-height': `${stackHeight(heightsNewestFirst)}px`,
    ...style,
  } as CSSProperties;

  return (
    <section
      {...toastRegionProps(position)}
      {...rest}
      ref={mergedRef}
      className={className ? `toaster ${className}` : 'toaster'}
      style={numbers}
      onKeyDown={composeEventHandlers(onKeyDown, closeWithEscape)}
      onFocus={composeEventHandlers(onFocus, rememberReturnFocus)}
    >
      {toasts.length > 0 ? (
        <ol className="toaster-list">
          {toasts.map((item, index) => (
            <ToastItem
              key={item.id}
              toast={item}
              index={index}
              offset={offsets[index] ?? 0}
              swipeDirection={swipeDirection}
              measureHeight={measureHeight}
              onHeight={onHeight}
              onDismiss={dismiss}
            />
          ))}
        </ol>
      ) : null}
      <ToastAnnouncer toasts={toasts} />
    </section>
  );
}
