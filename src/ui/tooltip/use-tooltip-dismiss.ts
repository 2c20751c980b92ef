import { useEffect, useEffectEvent, type RefObject } from 'react';

/**
 * While a tooltip is open: Escape anywhere closes it, and so does scrolling anything that
 * contains the trigger (the bubble would be left floating away from it).
 */
export function useTooltipDismiss(open: boolean, triggerRef: RefObject<HTMLElement | null>, close: () => boolean) {
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    // Escape that closed a tooltip is spent: a dialog or menu under it must not close too.
    // When nothing closed, the event goes on untouched.
    if (!close()) return;
    event.preventDefault();
    event.stopPropagation();
  });
  const onScroll = useEffectEvent((event: Event) => {
    const trigger = triggerRef.current;
    // A chat log streaming and auto-scrolling elsewhere must not close the tooltip being read.
    if (trigger && event.target instanceof Node && event.target.contains(trigger)) close();
  });

  useEffect(() => {
    if (!open) return;
    const doc = triggerRef.current?.ownerDocument ?? document;
    const win = doc.defaultView ?? window;
    // Capture phase: runs before handlers inside the page, and sees scrolls (which don't bubble).
    doc.addEventListener('keydown', onKeyDown, true);
    // Keyboard focus may scroll the trigger into view, and that scroll event arrives a frame
    // later; listening from the next frame on keeps it from closing the tooltip it revealed.
    const frame = win.requestAnimationFrame(() => doc.addEventListener('scroll', onScroll, true));
    return () => {
      win.cancelAnimationFrame(frame);
      doc.removeEventListener('keydown', onKeyDown, true);
      doc.removeEventListener('scroll', onScroll, true);
    };
  }, [open, triggerRef]);
}
