import { decodeEntities } from './entities';

/** The only schemes that become links: web pages and e-mail. Everything else is shown as text. */
export const LINK_PROTOCOLS: readonly string[] = ['http:', 'https:', 'mailto:'];

/**
 * Inline images that may show at once: raster data URLs load nothing from the network (so they
 * leak nothing) and cannot run script. SVG is left out: it is a document format with scripting
 * and external references, and gains a reader nothing over a raster image in a chat reply.
 */
const INLINE_IMAGE = /^data:image\/(?:png|jpeg|gif|webp)[;,]/i;

/** What the WHATWG URL parser ignores at the edges: C0 controls and spaces (a destination cannot hold them there). */
const EDGE_CONTROLS = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
/**
 * Characters a URL may hold as they are (commonmark's writers keep these): letters, digits, the
 * reserved and unreserved punctuation of RFC 3986, and `%` when it already starts an escape.
 */
const KEPT = /[A-Za-z0-9;/?:@&=+$,\-_.!~*'()#]|%[0-9A-Fa-f]{2}/y;
const HIGH_SURROGATE = /[\ud800-\udbff][\udc00-\udfff]/y;

/**
 * The destination percent-encoded as commonmark writes it: everything outside KEPT becomes UTF-8
 * escapes, and nothing else changes. A `\` stays a backslash (`%5C`) instead of turning into the
 * `/` browsers read it as, and the scheme and host keep their case: the link is the URL as written.
 */
export function encodeUrl(url: string): string {
  let encoded = '';
  for (let i = 0; i < url.length; ) {
    KEPT.lastIndex = i;
    const kept = KEPT.exec(url);
    if (kept) {
      encoded += kept[0];
      i += kept[0].length;
      continue;
    }
    HIGH_SURROGATE.lastIndex = i;
    const pair = HIGH_SURROGATE.exec(url);
    const char = pair ? pair[0] : url[i]!;
    // A lone surrogate cannot be UTF-8: it stands for U+FFFD, as the URL parser would make it.
    encoded += encodeURIComponent(char.length === 1 && char >= '\ud800' && char <= '\udfff' ? '\ufffd' : char);
    i += char.length;
  }
  return encoded;
}

/**
 * The destination as it goes into the page. Markdown resolves character references in link
 * destinations (`jav&#x09;ascript:` is `jav<TAB>ascript:`) but not in autolinks, which are
 * literal; then it is percent-encoded, so the browser reads exactly the string judged here.
 */
function normalise(href: string, literal: boolean): string {
  const decoded = literal ? href : decodeEntities(href);
  return encodeUrl(decoded.replace(EDGE_CONTROLS, ''));
}

function parseAbsolute(href: string): URL | null {
  try {
    return new URL(href);
  } catch {
    // Relative or malformed: a chat reply has no page of its own to be relative to.
    return null;
  }
}

/** The URL to put in `href` (as written, percent-encoded), or null when the destination must stay plain text. */
export function safeLinkHref(href: string, literal = false): string | null {
  const written = normalise(href, literal);
  const url = parseAbsolute(written);
  return url && LINK_PROTOCOLS.includes(url.protocol) ? written : null;
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
    return { kind: 'remote', src: normalised, host: url.host };
  }
  return { kind: 'blocked' };
}
