/** Counted nouns for sentences with several counts (src/i18n/plural.ts registers them with `tn`). */
export const counts = {
  'count.chats.one': '{count} chat',
  'count.chats.other': '{count} chats',
  'count.messages.one': '{count} message',
  'count.messages.other': '{count} messages',
  'count.files.one': '{count} file',
  'count.files.other': '{count} files',
  'count.picturesAndFiles.one': '{count} picture or file',
  'count.picturesAndFiles.other': '{count} pictures and files',
  'count.days.one': '{count} day',
  'count.days.other': '{count} days',
} as const;
