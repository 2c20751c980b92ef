// Pure URL building for an Iconify-compatible icon service: `{host}/{prefix}.json?icons=a,b,c`.

/** The public Iconify API, used unless the app configures other hosts. */
export const DEFAULT_ICON_HOST = 'https://api.iconify.design';
/** Longer URLs are split into several requests: some servers and proxies reject long URLs. */
export const MAX_ICON_URL_LENGTH = 500;

/** Sorted, without duplicates: the same set of icons always makes the same (cacheable) URL. */
export function sortIconNames(names: Iterable<string>): string[] {
  return [...new Set(names)].sort();
}

/** The URL up to the first icon name. */
function requestBase(host: string, prefix: string): string {
  return `${host.replace(/\/+$/, '')}/${prefix}.json?icons=`;
}

/** The URL asking one host for some icons of one set, names as given. */
export function buildIconUrl(host: string, prefix: string, names: readonly string[]): string {
  return requestBase(host, prefix) + names.join(',');
}

/**
 * Splits names (sorted and de-duplicated first) into groups whose URL on `host` stays within
 * `maxLength`. A name too long to fit even alone still gets a request of its own.
 */
export function splitIconNames(
  host: string,
  prefix: string,
  names: Iterable<string>,
  maxLength = MAX_ICON_URL_LENGTH,
): string[][] {
  const baseLength = requestBase(host, prefix).length;
  const groups: string[][] = [];
  let group: string[] = [];
  let length = baseLength;
  for (const name of sortIconNames(names)) {
    const added = group.length === 0 ? name.length : name.length + 1; // + the comma
    if (group.length > 0 && length + added > maxLength) {
      groups.push(group);
      group = [];
      length = baseLength;
    }
    length += group.length === 0 ? name.length : name.length + 1;
    group.push(name);
  }
  if (group.length > 0) groups.push(group);
  return groups;
}

/** Every URL needed to ask `host` for the names, each within `maxLength`. */
export function buildIconUrls(
  host: string,
  prefix: string,
  names: Iterable<string>,
  maxLength = MAX_ICON_URL_LENGTH,
): string[] {
  return splitIconNames(host, prefix, names, maxLength).map((group) => buildIconUrl(host, prefix, group));
}
