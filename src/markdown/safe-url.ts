import { decodeEntities } from './entities';

/** The only schemes that become links: web pages and e-mail. Everything else is shown as text. */
export const LINK_PROTOCOLS: readonly string[] = ['http:', 'https:', 'mailto:'];

/**
 * Inline images that may show at once: raster data URLs load nothing from the network (so they
 * leak nothing) and cannot run script. SVG is left out: it is a document format with scripting
 * and external references, and gains a reader nothing over a raster image in a chat reply.
 */
const INLINE_IMAGE = /^data:image\/(?:png|jpeg|gif|webp)[;,]/i;

/** What the WHATWG URL parser ignores: leading/trailing C0 controls and spaces, and tabs and newlines anywhere. */
const EDGE_CONTROLS = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
const TAB_OR_NEWLINE = /[\t\n\r]/g;

/**
 * The destination as the browser would read it. Markdown resolves character references in link
 * destinations (`jav&#x09;ascript:` is `jav<TAB>ascript:`), and browsers drop tabs and newlines
 * inside URLs, so both happen here before the scheme is judged. Autolinks are literal.
 */
function normalise(href: string, literal: boolean): string {
  const decoded = literal ? href : decodeEntities(href);
  return decoded.replace(EDGE_CONTROLS, '').replace(TAB_OR_NEWLINE, '');
}

function parseAbsolute(href: string): URL | null {
  try {
    return new URL(href);
  } catch {
    // Relative or malformed: a chat reply has no page of its own to be relative to.
    return null;
  }
}

/** The URL to put in `href`, or null when the destination must stay plain text. */
export function safeLinkHref(href: string, literal = false): string | null {
  const url = parseAbsolute(normalise(href, literal));
  return url && LINK_PROTOCOLS.includes(url.protocol) ? url.href : null;
}

/** How an image may be shown: at once, after the user asks (remote: fetching it reveals their address), or never. */
export type ImageSource =
  | { readonly kind: 'inline'; readonly src: string }
  | { readonly kind: 'remote'; readonly src: string; readonly host: string }
  | { readonly kind: 'blocked' };

export function classifyImageSource(href: string): ImageSource {
  const normalised = normalise(href, false);
  if (INLINE_IMAGE.test(normalised)) return { kind: 'inline', src: normalised };
  const url = parseAbsolute(normalised);
  if (url && (url.protocol === 'http:' || url.protocol === 'https:') && url.host) {
    return { kind: 'remote', src: url.href, host: url.host };
  }
  return { kind: 'blocked' };
}
