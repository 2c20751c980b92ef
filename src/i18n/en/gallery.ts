/** The UI kit's gallery page (development builds only): registered with its route, never in production. */
export const gallery = {
  'ui.title': 'UI kit',
  'ui.heading': 'UI kit',
} as const;
