/** The UI kit: toasts, dialogs, the composer, avatars, the theme switch. */
export const kit = {
  'toast.close': 'Close',
  'toast.region': 'Notifications ({hotkey})',
  'toast.announcement': 'Notification',
  'dialog.close': 'Close',
  'dialog.confirm': 'Confirm',
  'dialog.cancel': 'Cancel',
  'composer.label': 'Message',
  'composer.send': 'Send message',
  'composer.stop': 'Stop generating',
  'theme.label': 'Theme',
  'theme.light': 'Light',
  'theme.dark': 'Dark',
  'theme.system': 'System',
  'avatar.nameWithStatus': '{name}, {status}',
} as const;
