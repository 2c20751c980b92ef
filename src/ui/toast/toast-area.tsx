import { useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { withChunkStyles } from '../../lib/chunk-styles';
import { useComposedRefs } from '../../lib/compose-refs';
import { loadOnce } from '../../lib/load-once';
import { whenIdle } from '../../lib/when-idle';
import { DEFAULT_TOAST_POSITION } from './toast-layout';
import { isToastHotkey, toastRegionProps, toastRegionStyle } from './toast-region';
import { toastStore } from './toast-store';
import type { ToasterProps } from './toaster';
import './toast-area.css';

/**
 * Fetches the toasts' renderer once (a failed fetch is tried again on the next call). The chunk's
 * name is the file's (build-styles.mjs): toast.css comes with it, so no toast paints unstyled.
 */
export const preloadToaster = loadOnce<ComponentType<ToasterProps>>(
  withChunkStyles('toaster', () => import('./toaster').then((module) => module.Toaster)),
);

/**
 * The application's toast area (SPEC A1, A2) without the toasts' code on the first screen:
 * until the Toaster (items, swipe, pause, announcer, stacking) has loaded, an empty region
 * with the same name and place stands in. The renderer is fetched with the first toast or
 * right after the first paint, whichever comes first. Toasts live in the store meanwhile, so
 * one added before it loads appears (and is announced, as a backlog) once it has.
 */
export function ToastArea({ ref, ...props }: ToasterProps) {
  const [Toaster, setToaster] = useState(preloadToaster.loaded);
  const regionRef = useRef<HTMLElement>(null);
  const mergedRef = useComposedRefs(regionRef, ref);
  /** F8 focused the stand-in: the Toaster's region takes the focus over when it replaces it. */
  const handFocusOver = useRef(false);

  useEffect(() => {
    if (Toaster) return;
    let live = true;
    const load = () =>
      void preloadToaster().then(
        (component) => {
          if (!live) return;
          handFocusOver.current = Boolean(regionRef.current?.contains(document.activeElement));
          setToaster(() => component);
        },
        // Nothing to show: the next toast (or F8) tries again.
        () => {},
      );
    const loadWhenShown = () => {
      if (toastStore.getSnapshot().length > 0) load();
    };
    const unsubscribe = toastStore.subscribe(loadWhenShown);
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isToastHotkey(event)) return;
      regionRef.current?.focus();
      load();
    };
    window.addEventListener('keydown', onKeyDown);
    loadWhenShown();
    whenIdle(load);
    return () => {
      live = false;
      unsubscribe();
      window.removeEventListener('keydown', onKeyDown);
    };
  }, [Toaster]);

  useLayoutEffect(() => {
    if (!Toaster || !handFocusOver.current) return;
    handFocusOver.current = false;
    regionRef.current?.focus();
  }, [Toaster]);

  if (Toaster) return <Toaster ref={mergedRef} {...props} />;
  const { position = DEFAULT_TOAST_POSITION, className } = props;
  return (
    <section
      {...toastRegionProps(position)}
      ref={mergedRef}
      className={className ? `toaster ${className}` : 'toaster'}
      style={toastRegionStyle()}
      data-state="loading"
    />
  );
}
