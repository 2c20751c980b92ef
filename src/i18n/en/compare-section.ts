/** Settings → Compare's name in the list of sections (issue 38): loaded with Settings, the section's own strings with its chunk. */
export const compareSection = {
  'settings.section.compare': 'Compare',
} as const;
