/** Matches a leading `scheme://host` so an absolute <base href> keeps only its path. */
const ORIGIN_PREFIX = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i;

/**
 * The app's base path from a `<base href>` attribute value (SPEC A1): drop any
 * `scheme://host`, make sure it starts with `/`, drop one trailing `/`.
 * `null` (no element) and `''` mean the root, returned as `''`.
 */
export function basePathFromHref(href: string | null | undefined): string {
  if (!href) return '';
  let path = href.trim().replace(ORIGIN_PREFIX, '');
  if (!path.startsWith('/')) path = `/${path}`;
  if (path.endsWith('/')) path = path.slice(0, -1);
  return path;
}

/** Reads the base path from the document's `<base>` element, if any. */
export function readBasePath(doc: Document = document): string {
  return basePathFromHref(doc.querySelector('base')?.getAttribute('href'));
}

/**
 * The app route for a browser pathname: the base removed when the pathname starts with
 * it (compared without regard to case); an empty remainder is `/`.
 */
export function stripBase(pathname: string, base: string): string {
  if (base && pathname.toLowerCase().startsWith(base.toLowerCase())) {
    return pathname.slice(base.length) || '/';
  }
  return pathname || '/';
}

/** The browser address for an app route: every link the app renders carries the base. */
export function withBase(to: string, base: string): string {
  return base + (to.startsWith('/') ? to : `/${to}`);
}
