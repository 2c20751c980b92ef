/**
 * Every app address, built in one place: patterns for the route table (src/app/routes.ts)
 * and href builders for links. No URL is assembled by hand anywhere else.
 * It lives in pages/ because pages link to each other and may not import the app layer.
 */

/** The query parameter naming the message a chat opens at. */
export const CHAT_MESSAGE_PARAM = 'message';

/** The message a chat address asks to open at (its `?message=` parameter), if any. */
export function chatMessageTarget(search: string): string | undefined {
  return new URLSearchParams(search).get(CHAT_MESSAGE_PARAM) || undefined;
}

export const paths = {
  home: { pattern: '/', href: () => '/' },
  /** With a message id: open the chat at that message, highlighted (a search hit). */
  chat: {
    pattern: '/chat/:id',
    href: (id: string, messageId?: string) =>
      `/chat/${encodeURIComponent(id)}${messageId === undefined ? '' : `?${CHAT_MESSAGE_PARAM}=${encodeURIComponent(messageId)}`}`,
  },
  ui: { pattern: '/ui', href: () => '/ui' },
} as const;
