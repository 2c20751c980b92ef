/** The search palette: registered by its chunk (src/app/search-palette/search-text.ts). */
export const search = {
  'search.title': 'Search chats',
  'search.inputLabel': 'Search chat titles and messages',
  'search.placeholder': 'Search chats…',
  'search.recent': 'Recent chats',
  'search.results': 'Matching chats',
  'search.searching': 'Searching…',
  'search.noResults': 'No chats match “{query}”',
  'search.noChats': 'No chats yet',
  'search.failed': 'Search failed. Try again.',
  'search.count.one': '{count} chat found',
  'search.count.other': '{count} chats found',
  'search.inFile': 'In {name}:',
} as const;
