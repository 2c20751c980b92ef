/** Settings → Search's name in the list of sections (issue 37): loaded with Settings, the section's own strings with its chunk. */
export const webSearchSection = {
  'settings.section.search': 'Search',
} as const;
