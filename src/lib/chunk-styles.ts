/**
 * Stylesheets that load with a lazily imported chunk. esbuild puts the CSS of every lazily
 * imported module into the entry's one stylesheet, so the first screen would download every
 * page's and KaTeX's CSS; build.mjs instead writes one stylesheet per lazy chunk and lists
 * them in index.html as `<meta name="parley-styles" content="name=href name=href">`.
 * A lazy import awaits its stylesheet too, so a page never paints unstyled.
 */

/** The <meta> that build.mjs writes; absent in unit tests and the bench pages (then nothing is loaded). */
export const STYLES_META_NAME = 'parley-styles';

const pending = new Map<string, Promise<void>>();

function hrefOf(name: string): string | undefined {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${STYLES_META_NAME}"]`);
  for (const pair of meta?.content.split(/\s+/) ?? []) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at) === name) return pair.slice(at + 1);
  }
  return undefined;
}

/**
 * Links the stylesheet of the chunk `name` once, and resolves when it has loaded. A stylesheet
 * that fails to load resolves too: an unstyled screen beats no screen, and the chunk's own
 * import reports a broken deployment. It is forgotten then, so the next load asks again (offline,
 * issue 26: a page that needed a connection is styled once it is back).
 */
export function loadChunkStyles(name: string): Promise<void> {
  let loading = pending.get(name);
  if (!loading) {
    const href = typeof document === 'undefined' ? undefined : hrefOf(name);
    loading =
      href === undefined
        ? Promise.resolve()
        : linkStylesheet(href).then((loaded) => {
            if (!loaded) pending.delete(name);
          });
    pending.set(name, loading);
  }
  return loading;
}

/** Resolves with whether the stylesheet loaded; a failed one's link is taken away. */
function linkStylesheet(href: string): Promise<boolean> {
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.dataset.chunkStyles = '';
    link.addEventListener('load', () => resolve(true), { once: true });
    link.addEventListener(
      'error',
      () => {
        link.remove();
        resolve(false);
      },
      { once: true },
    );
    document.head.append(link);
  });
}

/** A lazy import that resolves only once the chunk's stylesheet has loaded too. */
export function withChunkStyles<T>(name: string, load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadChunkStyles(name)]).then(([module]) => module);
}

/** Forgets which stylesheets were linked (tests). */
export function resetChunkStyles(): void {
  pending.clear();
}
