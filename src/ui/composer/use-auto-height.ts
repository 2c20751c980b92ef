import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { COMPOSER_HEIGHT_VAR, composerHeight, readComposerMetrics } from './composer-height';

/**
 * Sizes the textarea to its content: JS measures and writes a CSS variable, CSS applies it.
 * `appended`: the text only grew at its end, so the box cannot need to shrink and is measured at
 * its current height (scrollHeight is then the content's if taller, else the box's own): one
 * layout per keystroke instead of two, and no style change when the height stays (bench/meter).
 */
function fit(textarea: HTMLTextAreaElement, appended?: boolean) {
  // Back to the natural height first, or scrollHeight could only ever grow.
  if (!appended) textarea.style.setProperty(COMPOSER_HEIGHT_VAR, 'auto');
  const { height, overflowing } = composerHeight(readComposerMetrics(textarea));
  // Writing the value it already has changes nothing (no style recalc).
  textarea.style.setProperty(COMPOSER_HEIGHT_VAR, `${height}px`);
  textarea.toggleAttribute('data-overflowing', overflowing);
}

/**
 * Keeps the textarea as tall as its text (up to the cap) whenever the text changes, the
 * viewport resizes (the cap depends on it) or the box's width changes (text re-wraps).
 */
export function useAutoHeight(textareaRef: RefObject<HTMLTextAreaElement | null>, value: string) {
  // Starts at '': before the first fit the variable is unset, so the box is at its natural height anyway.
  const fitted = useRef('');
  useLayoutEffect(() => {
    if (textareaRef.current) fit(textareaRef.current, value.startsWith(fitted.current));
    fitted.current = value;
  }, [textareaRef, value]);

  useEffect(() => {
    const textarea = textareaRef.current;
    if (!textarea) return;
    const win = textarea.ownerDocument.defaultView ?? window;
    const refit = () => fit(textarea);
    win.addEventListener('resize', refit);
    let width = textarea.clientWidth;
    // Only width changes matter; reacting to our own height changes would loop.
    const observer =
      typeof win.ResizeObserver === 'function'
        ? new win.ResizeObserver(() => {
            if (textarea.clientWidth === width) return;
            width = textarea.clientWidth;
            refit();
          })
        : null;
    observer?.observe(textarea);
    return () => {
      win.removeEventListener('resize', refit);
      observer?.disconnect();
    };
  }, [textareaRef]);
}
