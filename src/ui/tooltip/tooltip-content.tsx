import { useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { placeTooltip, type PlacementInput, type TooltipPlacement, type TooltipSide } from './placement';
import type { TooltipState } from './tooltip-store';
import { useTooltipDismiss } from './use-tooltip-dismiss';
import './tooltip.css';

/** Reads what placement needs from the layout (happy-dom has none, so tests stub these). */
function measure(trigger: HTMLElement, bubble: HTMLElement): Pick<PlacementInput, 'trigger' | 'tooltip' | 'viewport'> {
  const root = trigger.ownerDocument.documentElement;
  const win = trigger.ownerDocument.defaultView ?? window;
  return {
    trigger: trigger.getBoundingClientRect(),
    // offset* ignore the open animation's scale, which getBoundingClientRect would include.
    tooltip: { width: bubble.offsetWidth, height: bubble.offsetHeight },
    // clientWidth leaves out a classic scrollbar; innerWidth is the fallback where there is no layout.
    viewport: { width: root.clientWidth || win.innerWidth, height: root.clientHeight || win.innerHeight },
  };
}

const samePlacement = (a: TooltipPlacement | null, b: TooltipPlacement) =>
  a !== null && a.x === b.x && a.y === b.y && a.side === b.side && a.arrowX === b.arrowX;

export interface TooltipContentProps {
  id: string;
  state: Exclude<TooltipState, 'closed'>;
  side: TooltipSide;
  triggerRef: RefObject<HTMLElement | null>;
  /** Closes the tooltip (Escape, scroll); returns whether it was open. */
  onDismiss: () => boolean;
  children: ReactNode;
}

/**
 * The bubble: portalled out of the trigger's box, positioned next to it before the first
 * paint, and closed by Escape or a scroll while it is shown. Loaded lazily (lazy-tooltip-content.ts).
 */
export function TooltipContent({ id, state, side, triggerRef, onDismiss, children }: TooltipContentProps) {
  const bubbleRef = useRef<HTMLDivElement>(null);
  useTooltipDismiss(true, triggerRef, onDismiss);
  const [placement, setPlacement] = useState<TooltipPlacement | null>(null);

  useLayoutEffect(() => {
    const trigger = triggerRef.current;
    const bubble = bubbleRef.current;
    if (!trigger || !bubble) return;
    const next = placeTooltip({ ...measure(trigger, bubble), side });
    setPlacement((current) => (samePlacement(current, next) ? current : next));
  }, [side, triggerRef, children]);

  const style = placement
    ? ({
        '--tooltip-x': `${placement.x}px`,
        '--tooltip-y': `${placement.y}px`,
        '--tooltip-arrow-x': `${placement.arrowX}px`,
      } as CSSProperties)
    : undefined;

  return createPortal(
    <div
      ref={bubbleRef}
      id={id}
      role="tooltip"
      className="tooltip"
      data-state={state}
      data-side={placement?.side ?? side}
      style={style}
    >
      {children}
    </div>,
    // Inside a modal <dialog> the body is inert and below the top layer: render in the dialog.
    // Otherwise inside the page's main landmark (the app's <main id="app">): text outside every
    // landmark is lost to landmark navigation (axe's "region" rule). Positions are fixed, and
    // <main> is never transformed, so the placement does not change.
    triggerRef.current?.closest('dialog') ?? triggerRef.current?.closest('main') ?? triggerRef.current?.ownerDocument.body ?? document.body,
  );
}
