/** The door of shapes/: pure functions over the stored shapes (the message tree, titles, a message's text as sent). date-groups.ts is a named door, loaded with the history. */
export type { ChatGroup, DayCalendar } from './date-groups';
export { tidyMessageText } from './message-text';
export { autoTitle, clampTitle, cleanGeneratedTitle, DEFAULT_UNTITLED_TITLE } from './titles';
export { type BranchPosition, compareMessages, defaultLeaf, indexMessages, latestLeaf, type MessageIndex, resolveLeaf, subtreeIds, threadEntries, type ThreadEntry, threadPath } from './tree';
export { activeMarker, isMarker, sentThread, SUMMARY_HEADING, SYSTEM_SEPARATOR, withSummary, type SentThread } from './sent-thread';
