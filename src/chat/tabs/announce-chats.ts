import { connectBroadcast, openBroadcastChannel } from './broadcast';
import { tellLocalChange } from './local-changes';

/**
 * Chats written straight to storage, behind the store's back (a restore, an import): announced
 * as another tab's changes are, so every open tab, this one included, reads them and lists them
 * at once. The notices go out on a channel of their own, whose sender is none of the tabs.
 * They are this tab's own writes too, so sync exports them at once (issue 15).
 */
export function announceChats(chatIds: readonly string[], sender = `announce-${Date.now()}`): void {
  announceReplicatedChats(chatIds, sender);
  chatIds.forEach(tellLocalChange);
}

/** Sync's own writes: every tab reads them, but sync is not told (they would echo back to the server). */
export function announceReplicatedChats(chatIds: readonly string[], sender = `announce-${Date.now()}`): void {
  const channel = connectBroadcast(openBroadcastChannel(), sender, () => {});
  for (const chatId of chatIds) channel.post({ type: 'messages', chatId });
  channel.close();
}
