/** The UI kit: toasts, dialogs, the composer, avatars, the theme switch. (Rendered markdown's strings: markdown.ts.) */
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
  // The composer's attach button is on the home page; the rest of the attachments' strings load with their chunk.
  'attachments.attach': 'Attach files',
  'theme.label': 'Theme',
  'theme.light': 'Light',
  'theme.dark': 'Dark',
  'theme.system': 'System',
  'avatar.nameWithStatus': '{name}, {status}',
} as const;
