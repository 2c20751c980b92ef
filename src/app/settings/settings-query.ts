// Settings is deep-linkable with a query parameter on the page it opens over (`?settings=sync`):
// the routes stay as SPEC A1 has them. The address is the dialog's state: open while the
// parameter is there, at the section it names (empty: the first, or the list on a phone).

export const SETTINGS_QUERY = 'settings';

/** The section the address asks for: null when Settings is closed, '' for no particular section. */
export function settingsSectionOf(search: string): string | null {
  return new URLSearchParams(search).get(SETTINGS_QUERY);
}

/** The address's query with Settings at `section`, or without Settings (null); other parameters kept. */
export function searchWithSettings(search: string, section: string | null): string {
  const params = new URLSearchParams(search);
  if (section === null) params.delete(SETTINGS_QUERY);
  else params.set(SETTINGS_QUERY, section);
  const query = params.toString();
  return query ? `?${query}` : '';
}
