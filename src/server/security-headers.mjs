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
  // Read aloud (issue 39) plays each sentence's speech from the server as a blob: URL.
  "media-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'none'",
  // Only sandbox.html, Parley's own artifact frame (issue 36, docs/sandbox.md). A source cannot
  // name one file of this origin here: the policy is written at build time, before the origin and
  // base path are known, and CSP's path-only sources do not exist. Every other document of this
  // origin refuses to be framed itself (frame-ancestors 'none' below).
  "frame-src 'self'",
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
 * origin only, behind the browser's prompt). The microphone (issue 39: dictation, hands-free
 * talk) is Parley's own page's only, behind the browser's prompt, and asked for only when the user
 * presses the microphone: never a frame's (an artifact's sandbox is another, opaque, origin).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=(self)',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
  'clipboard-write=(self)',
].join(', ');

/**
 * The sandbox document's policy (dist/sandbox.html, issue 36; the reasoning for each line is in
 * docs/sandbox.md). `sandbox allow-scripts` puts it in an opaque origin: no storage, no cookies,
 * no access to the app's window. It is the header, not the frame's attribute, that sandboxes it:
 * a frame with the attribute is never served by the service worker, and the preview must work
 * offline. Nothing leaves it: no fetch, no form, no frame, no image or font but data:/blob:.
 * Inline script and style are how artifacts are written; in an origin that holds nothing and can
 * reach nothing they grant nothing. frame-ancestors 'self': only Parley's own pages frame it.
 * worker-src blob:: a code run's worker, made by the program from a blob: of its own; such a worker
 * inherits this document's origin and policy (connect-src 'none' holds inside it).
 */
export const SANDBOX_POLICY_DIRECTIVES = Object.freeze([
  'sandbox allow-scripts',
  "default-src 'none'",
  "script-src 'unsafe-inline' 'wasm-unsafe-eval'",
  "style-src 'unsafe-inline'",
  'img-src data: blob:',
  'font-src data:',
  'media-src data: blob:',
  "connect-src 'none'",
  "frame-src 'none'",
  "child-src 'none'",
  'worker-src blob:',
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
]);

/** The sandbox's header policy (a <meta> could carry neither `sandbox` nor `frame-ancestors`). */
export const SANDBOX_HEADER_POLICY = SANDBOX_POLICY_DIRECTIVES.join('; ');

/** What sandbox.html's own <meta> repeats: the part a <meta> can carry, in case a server drops the header. */
export const SANDBOX_META_POLICY = SANDBOX_POLICY_DIRECTIVES.filter((directive) => !/^(sandbox|frame-ancestors)\b/.test(directive)).join('; ');

/** The file name of the sandbox document, beside index.html. */
export const SANDBOX_FILE = 'sandbox.html';

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

/**
 * Sent with sandbox.html instead: its own policy, and framing by Parley's pages allowed
 * (SAMEORIGIN: for browsers older than frame-ancestors, which overrides it where known).
 */
export const SANDBOX_HEADERS = Object.freeze({
  ...SECURITY_HEADERS,
  'Content-Security-Policy': SANDBOX_HEADER_POLICY,
  'X-Frame-Options': 'SAMEORIGIN',
});
