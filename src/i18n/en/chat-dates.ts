/** When a chat was last active, in words (the history's groups, the home page's recent chats): registered by src/pages/shared/day-label.ts, which says them. */
export const chatDates = {
  'nav.group.pinned': 'Pinned',
  'nav.group.today': 'Today',
  'nav.group.yesterday': 'Yesterday',
  'nav.group.previous7': 'Previous 7 days',
  'nav.group.previous30': 'Previous 30 days',
  'home.recent': 'Recent chats',
} as const;
