/** A text source's text as typing leaves it: what is costly to work out follows the text without rendering per keystroke. */
import { useEffect, useState } from 'react';
import type { TextSource } from './text-source';

/**
 * The text, a typed character taken at most `interval` ms later (so never within a keystroke:
 * typing renders none of the components that use it, issue 34), and a bigger change (a paste,
 * a send clearing the box, a prompt put in) at once.
 */
export function useSettledText(source: TextSource, interval: number): string {
  const [text, setText] = useState(() => source.get() ?? '');
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = source.get() ?? '';
    const take = () => {
      clearTimeout(timer);
      timer = undefined;
      setText(source.get() ?? '');
    };
    // The source may have changed between the render and now.
    take();
    const stop = source.subscribe(() => {
      const next = source.get() ?? '';
      const typed = Math.abs(next.length - last.length) < 2;
      last = next;
      if (!typed) take();
      else timer ??= setTimeout(take, interval);
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [source, interval]);
  return text;
}
