/** What the store's storage events say: registered by their toasts' module (src/app/chat-event-toasts.ts). */
export const storageErrors = {
  'error.storage.unavailable.title': 'Chats are not being saved',
  'error.storage.unavailable.body': 'This browser’s storage is unavailable (private mode, blocked or broken). Parley works in memory: chats stay until this tab closes. Nothing stored before was touched.',
  'error.storage.full.title': 'Storage is full',
  'error.storage.full.body': 'Delete chats you no longer need, or free space in the browser’s site settings. Changes marked “Not saved” stay in this tab and are saved as soon as there is room.',
  'error.storage.full.usage': 'Parley uses {used} of {quota} allowed.',
  'error.storage.retry': 'Try again',
  'error.storage.saved.title': 'Everything is saved',
  'error.storage.saved.body': 'The changes marked “Not saved” are now stored.',
  'error.storage.failed.title': 'Saving failed',
  'error.storage.closed.title': 'Parley was updated in another tab',
  'error.storage.closed.body': 'Reload this tab to keep saving your chats.',
} as const;
