/** Settings → Voice's name in the list of sections (issue 39): loaded with Settings, the section's own strings with its chunk. */
export const voiceSection = {
  'settings.section.voice': 'Voice',
} as const;
