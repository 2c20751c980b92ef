import {
  cloneElement,
  isValidElement,
  useEffect,
  useId,
  useRef,
  useSyncExternalStore,
  type FocusEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';
import { composeEventHandlers } from '../../lib/compose-event-handlers';
import { useComposedRefs } from '../../lib/compose-refs';
import { lastInputModality, trackInputModality } from './input-modality';
import { useTooltipContent, warmTooltipContent, warmTooltipContentWhenIdle } from './lazy-tooltip-content';
import type { TooltipSide } from './placement';
import { useTooltipStore } from './tooltip-provider';
import type { TooltipState } from './tooltip-store';

/** The trigger props the tooltip reads and replaces (the caller's handlers still run first). */
interface TriggerProps {
  ref?: Ref<HTMLElement>;
  'aria-describedby'?: string;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
}

export interface TooltipProps {
  /** The description shown in the bubble; the trigger should have its own accessible name. */
  content: ReactNode;
  /** The trigger: one element that accepts a ref and pointer/focus handlers. */
  children: ReactElement;
  /** Preferred side; it flips when only the other side has room. */
  side?: TooltipSide;
  /** Renders the trigger untouched and never opens. */
  disabled?: boolean;
}

/**
 * Describes its trigger in a bubble: after a hover delay, at once on keyboard focus, never on
 * touch. The trigger points at the bubble with aria-describedby only while it is open. The
 * trigger's part is first-screen code; the bubble's is fetched after the first paint or on the
 * first hover or focus (lazy-tooltip-content.ts).
 */
export function Tooltip({ content, children, side = 'bottom', disabled = false }: TooltipProps) {
  const store = useTooltipStore();
  const id = useId();
  const state = useSyncExternalStore<TooltipState>(
    store.subscribe,
    () => store.getState(id),
    () => 'closed',
  );
  const openState = disabled || state === 'closed' ? null : state;
  const open = openState !== null;
  const triggerRef = useRef<HTMLElement | null>(null);
  const trigger = isValidElement<TriggerProps>(children) ? children : null;
  const ref = useComposedRefs(trigger?.props.ref, triggerRef);

  const Content = useTooltipContent(open);

  useEffect(() => {
    trackInputModality(triggerRef.current?.ownerDocument);
    warmTooltipContentWhenIdle();
  }, []);
  useEffect(() => {
    if (disabled) store.close(id);
  }, [disabled, store, id]);
  // An unmounted trigger must not stay the provider's open tooltip.
  useEffect(() => () => void store.close(id), [store, id]);

  if (!trigger || disabled) return children;
  const own = trigger.props;
  const close = () => void store.close(id);
  // The bubble may still be on its way (lazy-tooltip-content.ts): describe only by what exists.
  const describedBy = [own['aria-describedby'], open && Content ? id : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <>
      {cloneElement(trigger, {
        ref,
        'aria-describedby': describedBy,
        'data-state': openState ?? 'closed',
        onPointerEnter: composeEventHandlers(own.onPointerEnter, (event) => {
          // Touch has no hover: a finger landing on a button must not summon its tooltip.
          if (event.pointerType === 'touch') return;
          warmTooltipContent();
          store.hover(id);
        }),
        onPointerLeave: composeEventHandlers(own.onPointerLeave, close),
        onPointerDown: composeEventHandlers(own.onPointerDown, close),
        onClick: composeEventHandlers(own.onClick, close),
        onFocus: composeEventHandlers(own.onFocus, () => {
          // Focus that came from a click or tap isn't a request for the description.
          if (lastInputModality() !== 'keyboard') return;
          warmTooltipContent();
          store.open(id);
        }),
        onBlur: composeEventHandlers(own.onBlur, close),
      } as TriggerProps & { 'data-state': TooltipState })}
      {openState && Content && (
        <Content id={id} state={openState} side={side} triggerRef={triggerRef} onDismiss={() => store.close(id)}>
          {content}
        </Content>
      )}
    </>
  );
}
