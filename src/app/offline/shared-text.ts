// Share to Parley (issue 26): the manifest's share_target opens the home page with `?title=…&text=…&url=…`
// (GET); what was shared lands in the new chat's message box, not sent, and leaves the address.
import { getChatStore, HOME_DRAFT_KEY } from '../../chat';
import { readBasePath, stripBase } from '../../router/base-path';

/** The share_target's parameter names (build.mjs writes the same into the manifest). */
export const SHARE_PARAMS = ['title', 'text', 'url'] as const;

/**
 * The shared parts as one message: each non-empty part on its own line, a part another one already
 * contains left out (Android puts the page's address in `text` and `url` alike).
 */
export function sharedText(search: string): string {
  const query = new URLSearchParams(search);
  const parts: string[] = [];
  for (const name of SHARE_PARAMS) {
    const value = query.get(name)?.trim();
    if (value && !parts.some((part) => part.includes(value))) parts.push(value);
  }
  return parts.join('\n');
}

/** Whether the address carries a share: on the home page only, where the new chat's box is. */
export const isShare = (pathname: string, search: string): boolean =>
  stripBase(pathname, readBasePath()) === '/' && SHARE_PARAMS.some((name) => new URLSearchParams(search).has(name));

/**
 * Puts the shared text in the home page's message box (after a draft already there: nothing the
 * user typed is lost), then takes the parameters out of the address, so a reload does not add it twice.
 */
export async function takeSharedText(loc: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location): Promise<void> {
  if (!isShare(loc.pathname, loc.search)) return;
  const text = sharedText(loc.search);
  const query = new URLSearchParams(loc.search);
  for (const name of SHARE_PARAMS) query.delete(name);
  const rest = query.toString();
  window.history.replaceState(window.history.state, '', `${loc.pathname}${rest ? `?${rest}` : ''}${loc.hash}`);
  if (text === '') return;
  const store = getChatStore();
  const draft = (await store.getDraft(HOME_DRAFT_KEY)) ?? '';
  store.setDraft(HOME_DRAFT_KEY, draft.trim() === '' ? text : `${draft}\n\n${text}`);
}
