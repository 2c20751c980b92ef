/** The sidebar history (empty, or its entries: their menu, whether a reply is running): registered by the history's chunk (src/app/sidebar/chat-entry-text.ts). */
export const chatEntry = {
  'nav.chatOptions': 'Options for {title}',
  'nav.rename': 'Rename',
  'nav.renameLabel': 'Chat title',
  'nav.pin': 'Pin',
  'nav.unpin': 'Unpin',
  'nav.delete': 'Delete',
  'nav.deleted': 'Chat deleted',
  'nav.undo': 'Undo',
  'nav.replying': 'Replying…',
  'nav.empty': 'No chats yet',
} as const;
