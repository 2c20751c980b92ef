/** An icon name split into its icon set (prefix) and the icon within that set. */
export interface IconName {
  readonly prefix: string;
  readonly name: string;
}

/** Lower-case words (letters and digits) joined by single dashes: what Iconify allows. */
const WORDS = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Parses `prefix:name` or `prefix-name` (where the text before the first dash is the prefix).
 * Returns null for anything else, so a malformed name never reaches a request URL.
 */
export function parseIconName(value: string): IconName | null {
  const colon = value.indexOf(':');
  let prefix: string;
  let name: string;
  if (colon >= 0) {
    prefix = value.slice(0, colon);
    name = value.slice(colon + 1);
  } else {
    const dash = value.indexOf('-');
    if (dash < 0) return null;
    prefix = value.slice(0, dash);
    name = value.slice(dash + 1);
  }
  return WORDS.test(prefix) && WORDS.test(name) ? { prefix, name } : null;
}

/** The canonical `prefix:name` spelling, used as the key in results and caches. */
export function iconKey({ prefix, name }: IconName): string {
  return `${prefix}:${name}`;
}
