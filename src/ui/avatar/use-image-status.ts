import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Where an avatar's image is: no src to load, loading, ready to show, or failed. */
export type ImageStatus = 'idle' | 'loading' | 'loaded' | 'error';

/**
 * Loads an image off-screen: resolves once it can be shown, rejects when it cannot. The signal
 * aborts when the src changes or the avatar unmounts, so a loader may cancel its download.
 */
export type ImageLoader = (src: string, signal: AbortSignal) => Promise<void>;

/** The browser loader: an off-screen `Image` whose load/error events settle the promise. */
export const loadImageElement: ImageLoader = (src, signal) =>
  new Promise<void>((resolve, reject) => {
    const image = new Image();
    const settle = (outcome: () => void) => () => {
      image.onload = image.onerror = null;
      outcome();
    };
    image.onload = settle(resolve);
    image.onerror = settle(() => reject(new Error(`Image failed to load: ${src}`)));
    signal.addEventListener(
      'abort',
      settle(() => {
        // Clearing src stops a download nobody will look at any more.
        image.src = '';
        reject(signal.reason);
      }),
      { once: true },
    );
    image.src = src;
  });

let defaultLoader: ImageLoader = loadImageElement;

/**
 * Replaces the loader every avatar uses when it is not given one. happy-dom loads no images,
 * so tests (and screens that render avatars inside other components) inject one here.
 */
export function setImageLoader(loader: ImageLoader) {
  defaultLoader = loader;
}

/** Puts the browser loader back. */
export function resetImageLoader() {
  defaultLoader = loadImageElement;
}

interface Settled {
  src: string;
  status: 'loaded' | 'error';
}

/**
 * The load status of `src`. Any new src starts again at `loading` (the previous outcome never
 * leaks onto it, not even for one render); no src is `idle`.
 */
export function useImageStatus(src: string | null | undefined, loadImage?: ImageLoader): ImageStatus {
  const [settled, setSettled] = useState<Settled | null>(null);
  // The latest loader without restarting the load when a caller passes a new function each render.
  const loaderRef = useRef(loadImage);
  // Layout effects run before passive ones, so the load below always sees this render's loader.
  useLayoutEffect(() => {
    loaderRef.current = loadImage;
  });

  useEffect(() => {
    if (!src) return;
    const controller = new AbortController();
    const load = loaderRef.current ?? defaultLoader;
    let pending: Promise<void>;
    try {
      pending = load(src, controller.signal);
    } catch (error) {
      pending = Promise.reject(error);
    }
    const finish = (status: Settled['status']) => () => {
      if (!controller.signal.aborted) setSettled({ src, status });
    };
    pending.then(finish('loaded'), finish('error'));
    return () => controller.abort();
  }, [src]);

  if (!src) return 'idle';
  return settled?.src === src ? settled.status : 'loading';
}
