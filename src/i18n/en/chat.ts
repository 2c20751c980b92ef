/** The chat strings the first screen may show: the default title, the route's title, a failed reply's toast. */
export const chat = {
  'chat.untitled': 'Untitled',
  'chat.title': 'Chat',
  'chat.errorToast.title': '“{chat}”: {problem}',
  'chat.errorToast.open': 'Open chat',
} as const;
