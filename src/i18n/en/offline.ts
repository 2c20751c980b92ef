/** Offline and updates (issue 26): the update toast and the message box's offline note. Loaded with the code that shows them. */
export const offline = {
  'offline.updateReady': 'A new version of Parley is ready',
  'offline.reload': 'Reload',
  'offline.unreachable': 'You are offline: the model server cannot be reached. Your message stays here; send it once you are back online.',
} as const;
