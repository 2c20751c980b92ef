/** The English catalogue: every user-visible string has a key here. Other languages copy its shape. */
export const en = {
  'app.name': 'Parley',
  'app.skipToContent': 'Skip to content',
  'nav.label': 'Chats and navigation',
  'nav.home': 'Parley home',
  'nav.newChat': 'New chat',
  'route.loading': 'Loading page',
  'route.notFound.title': 'Page not found',
  'route.notFound.body': 'There is nothing at this address. It may have been mistyped, or the link is broken.',
  'route.notFound.home': 'Go to the home page',
  'route.error.title': 'Something went wrong',
  'route.error.body': 'This screen crashed. Your chats are safe; reloading usually fixes it.',
  'route.error.chunkTitle': 'Parley was updated',
  'route.error.chunkBody': 'This part of Parley could not be loaded, usually because a newer version was installed. Reload to get it.',
  'route.error.reload': 'Reload',
  'home.title': 'Home',
  'home.greeting': 'What shall we talk about?',
  'chat.title': 'Chat',
  'chat.heading': 'Chat {id}',
  'ui.title': 'UI kit',
  'ui.heading': 'UI kit',
  'toast.close': 'Close',
  'avatar.nameWithStatus': '{name}, {status}',
} as const;

export type MessageKey = keyof typeof en;
