/** Messages queued while a reply streams (issue 24): the list under the reply and the message box's Queue. Loaded with the chat page. */
export const queue = {
  'queue.add': 'Queue message',
  'queue.label': 'Queued messages',
  'queue.item': 'Queued {n}',
  'queue.state.queued': 'Queued: sent when the reply ends',
  'queue.state.paused': 'Waiting for you',
  'queue.state.sending': 'Sending…',
  'queue.sendNow': 'Send now',
  'queue.send': 'Send',
  'queue.remove': 'Remove queued message {n}',
  'queue.halted.error': 'The reply failed, so nothing queued was sent. Send each message when you are ready, or remove it.',
  'queue.halted.stopped': 'You stopped the reply, so nothing queued was sent. Send each message when you are ready, or remove it.',
  'queue.restored': 'Queued before the page was reloaded (or in another tab): sent only when you say Send.',
  'queue.filesRefused': 'Files cannot wait in the queue: send them once the reply ends, or remove them to queue the text.',
  'queue.queuedOne': 'Message queued: it is sent when the reply ends.',
} as const;
