// What the bridge refuses from the server and names (issues 20, 23, 32): the kinds, and one refusal.
// The notices the app shows are kept by chat/sync (sync-notices.ts); the bridge only reports them.

/**
 * 'broken': a library row from the server (issue 23) that does not read as one (an unknown kind, a broken field), plain or encrypted; skipped.
 * 'broken-chat': a chat or message document that cannot be stored (issue 32: a field missing or of the wrong type, nested too deep, refused by storage); skipped.
 * 'not-sent': the other way, a library row here that its own reader refuses (a project past its limits, issue 32): kept here, not sent, and said.
 */
export type RefusalKind = 'older' | 'unsigned-deletion' | 'unreadable' | 'broken' | 'broken-chat' | 'not-sent';

export interface SyncRefusal {
  kind: RefusalKind;
  /** The chat's id; for a library row, its document's id (`lib:<id>`). */
  chatId: string;
  /** The chat's title here, when this device has the chat; a library row's name. */
  title?: string;
}
