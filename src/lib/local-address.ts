/** Whether an address is this machine or the local network: a server the user runs, not a cloud service. */

/** Addresses of this machine, the local network (RFC 1918, link-local, unique-local) and mDNS names. */
export const LOCAL_HOST = /^(localhost|.*\.localhost|.*\.local|127(\.\d{1,3}){3}|10(\.\d{1,3}){3}|192\.168(\.\d{1,3}){2}|172\.(1[6-9]|2\d|3[01])(\.\d{1,3}){2}|169\.254(\.\d{1,3}){2}|\[::1\]|\[f[cd][0-9a-f]{2}:.*\]|\[fe80:.*\])$/i;

/** False for anything that is not a URL. */
export function isLocalAddress(url: string): boolean {
  try {
    return LOCAL_HOST.test(new URL(url).hostname);
  } catch {
    return false;
  }
}
