// Node-only: Parley's security policy, written once. build.mjs puts PAGE_POLICY into
// index.html's <meta http-equiv="Content-Security-Policy">; the static server sends
// SECURITY_HEADERS on every answer. Both read this file, so the two can never drift.
// README.md ("Serving Parley yourself") repeats the headers for nginx and Caddy, and a test
// holds it to these values.

/**
 * The page's Content-Security-Policy. No inline script at all. connect-src allows any http(s)
 * origin because users point Parley at their own model servers (localhost Ollama, a LAN vLLM,
 * OpenAI…). style-src keeps 'unsafe-inline' only for style attributes set by libraries.
 */
export const PAGE_POLICY_DIRECTIVES = Object.freeze([
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: http: https:",
  "font-src 'self' data:",
  "connect-src 'self' http: https:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
  "frame-src 'none'",
]);

/** What a <meta> can carry (browsers ignore frame-ancestors there). */
export const PAGE_POLICY = PAGE_POLICY_DIRECTIVES.join('; ');

/**
 * The header form adds frame-ancestors: no page may frame Parley (clickjacking). A dedicated
 * worker takes its policy from its own script's response, so every answer carries it.
 */
export const HEADER_POLICY = [...PAGE_POLICY_DIRECTIVES, "frame-ancestors 'none'"].join('; ');

/**
 * Powerful features Parley never uses, denied to the page and anything it might embed. Only
 * names Chromium recognises (DevTools reports any other as an error). Copying needs
 * clipboard-write, kept for the app's own origin; clipboard-read keeps its default (this
 * origin only, behind the browser's prompt).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
  'clipboard-write=(self)',
].join(', ');

/** Sent with every response of the static server, whatever its status. */
export const SECURITY_HEADERS = Object.freeze({
  'Content-Security-Policy': HEADER_POLICY,
  // For browsers older than frame-ancestors (and scanners that look for it).
  'X-Frame-Options': 'DENY',
  // Chat ids in addresses are nobody else's business, and neither are model servers'.
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'Permissions-Policy': PERMISSIONS_POLICY,
});
