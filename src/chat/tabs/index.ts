/** The door of tabs/: talking to the other tabs (the broadcast channel, reply locks, change announcements). broadcast.ts, which the first screen opens, is a named door. */
export { announceChats, announceReplicatedChats } from './announce-chats';
export { BROADCAST_CHANNEL_NAME, type BroadcastLike, type ChangeNotice, isChangeNotice, REMOTE_REFRESH_DELAY_MS, type StreamNotice, type TabNotice } from './broadcast';
export { onLocalChange, tellLocalChange } from './local-changes';
export { abandonedReplies, browserLocks, holdReplyLock, type LockManagerLike, waitForReplyLock, withTitleLock } from './reply-locks';
