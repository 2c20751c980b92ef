// The message box's auto-height: measured in JS, applied by CSS through a variable.
import { COMPOSER_HEIGHT_VAR, composerHeight, readComposerFrame, type ComposerFrame } from './composer-height';

/**
 * Keeps a textarea as tall as its text (up to the cap): JS measures and writes a CSS variable, CSS
 * applies it. Returns the fit its owner calls when the text changes, and how to stop: meanwhile
 * it refits when the viewport resizes (the cap depends on it) or the box's width changes (text
 * re-wraps), and only then reads the computed style again (a keystroke reads scrollHeight alone).
 * `appended`: the text only grew at its end, so the box cannot need to shrink and is measured at
 * its current height (scrollHeight is then the content's if taller, else the box's own): one
 * layout per keystroke instead of two, and no style change when the height stays (bench/meter).
 */
export function autoHeight(textarea: HTMLTextAreaElement): [fit: (appended?: boolean) => void, stop: () => void] {
  const win = textarea.ownerDocument.defaultView ?? window;
  let frame: ComposerFrame | undefined;
  const fit = (appended?: boolean) => {
    // Back to the natural height first, or scrollHeight could only ever grow.
    if (!appended) textarea.style.setProperty(COMPOSER_HEIGHT_VAR, 'auto');
    frame ??= readComposerFrame(textarea);
    const { height, overflowing } = composerHeight({ ...frame, scrollHeight: textarea.scrollHeight });
    // Writing the value it already has changes nothing (no style recalc).
    textarea.style.setProperty(COMPOSER_HEIGHT_VAR, `${height}px`);
    textarea.toggleAttribute('data-overflowing', overflowing);
  };
  const refit = () => {
    frame = undefined;
    fit();
  };
  win.addEventListener('resize', refit);
  let width = textarea.clientWidth;
  // Only width changes matter; reacting to our own height changes would loop.
  const observer = new win.ResizeObserver(() => {
    if (textarea.clientWidth === width) return;
    width = textarea.clientWidth;
    refit();
  });
  observer.observe(textarea);
  return [
    fit,
    () => {
      win.removeEventListener('resize', refit);
      observer.disconnect();
    },
  ];
}
