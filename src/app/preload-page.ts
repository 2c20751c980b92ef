import { paths } from '../pages/paths';
import { matchPattern } from '../router/matcher';
import { readBasePath, stripBase } from '../router/base-path';

/**
 * The route's page would otherwise be requested only after the boot module has downloaded and
 * run (React.lazy asks for it on the first render): on a slow connection that is one more round
 * trip and a download in series. build.mjs lists each page's files in a <meta>; the <head>
 * script preloads those of the current address only, so SPEC A1 still holds (a page's code is
 * fetched on its first visit, never another page's).
 */

/** The <meta> build.mjs writes: `name=file,file,… name=…` (same name there). */
export const PAGES_META_NAME = 'parley-pages';

/** Each page chunk (named as in src/app/routes.ts) and the route it serves. */
export const PAGE_ROUTES: Readonly<Record<string, string>> = {
  'home-page': paths.home.pattern,
  'chat-page': paths.chat.pattern,
};

/** Adds preload links for the page that `pathname` opens; a stylesheet as a style preload. */
export function preloadCurrentPage(doc: Document, pathname: string): void {
  const meta = doc.querySelector<HTMLMetaElement>(`meta[name="${PAGES_META_NAME}"]`);
  if (!meta) return;
  const route = stripBase(pathname, readBasePath(doc));
  for (const entry of meta.content.split(/\s+/)) {
    const at = entry.indexOf('=');
    const pattern = PAGE_ROUTES[entry.slice(0, at)];
    if (at <= 0 || pattern === undefined || !matchPattern(pattern, route)) continue;
    for (const file of entry.slice(at + 1).split(',').filter(Boolean)) {
      const link = doc.createElement('link');
      if (file.endsWith('.css')) {
        link.rel = 'preload';
        link.as = 'style';
      } else {
        link.rel = 'modulepreload';
      }
      link.href = file;
      doc.head.append(link);
    }
    return;
  }
}
