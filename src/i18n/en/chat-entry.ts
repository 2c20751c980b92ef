/** A chat's entry in the sidebar history and its menu: registered by the history's chunk (src/app/sidebar/chat-entry-text.ts). */
export const chatEntry = {
  'nav.chatOptions': 'Options for {title}',
  'nav.rename': 'Rename',
  'nav.renameLabel': 'Chat title',
  'nav.pin': 'Pin',
  'nav.unpin': 'Unpin',
  'nav.export': 'Export',
  'nav.exported': 'Chat exported',
  'nav.exportFailed': 'The chat could not be exported',
  'nav.exportGone': 'The chat is no longer in this browser’s storage.',
  'nav.delete': 'Delete',
  'nav.deleted': 'Chat deleted',
  'nav.undo': 'Undo',
} as const;
