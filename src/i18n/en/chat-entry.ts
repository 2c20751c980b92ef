/** A chat's entry in the sidebar history and its menu: registered by the history's chunk (src/app/sidebar/chat-entry-text.ts). */
export const chatEntry = {
  'nav.chatOptions': 'Options for {title}',
  'nav.rename': 'Rename',
  'nav.renameLabel': 'Chat title',
  'nav.pin': 'Pin',
  'nav.unpin': 'Unpin',
  'nav.delete': 'Delete',
  'nav.deleted': 'Chat deleted',
  'nav.undo': 'Undo',
} as const;
