/**
 * Every app address, built in one place: patterns for the route table (src/app/routes.ts)
 * and href builders for links. No URL is assembled by hand anywhere else.
 * It lives in pages/ because pages link to each other and may not import the app layer.
 */
export const paths = {
  home: { pattern: '/', href: () => '/' },
  chat: { pattern: '/chat/:id', href: (id: string) => `/chat/${encodeURIComponent(id)}` },
  ui: { pattern: '/ui', href: () => '/ui' },
} as const;
