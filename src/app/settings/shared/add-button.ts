/** The one look of a section's Add button (Add connection, Add preset, Add prompt, Add server). */

/**
 * Spread on the Button (or the Menu's trigger): the same kind of action looks the same in every
 * section (issue 33), so a person learns it once. Outline: it adds, it doesn't finish anything.
 */
export const ADD_BUTTON = { size: 'sm', variant: 'outline', color: 'primary', icon: 'lucide:plus' } as const;
