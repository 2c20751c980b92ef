// The vocabulary the app (src/chat/sandbox) and the sandbox document's program (src/sandbox) share:
// the handshake's marker, the protocol's version, the messages' names and their bounds. Both sides
// import it; the sandbox imports nothing else of the app's.

/** Bumped when a message changes shape: the app drops a sandbox that says another version. */
export const SANDBOX_PROTOCOL = 1;

/** The one window message the app sends the sandbox: it carries the MessageChannel's port, nothing else. */
export const PORT_HANDOFF = 'parley-sandbox-port';

/** What the sandbox can show today (issue 36 slice A); `jsx` and `mermaid` come with their runtimes. */
export const PREVIEW_KINDS = ['html', 'svg'] as const;
export type PreviewKind = (typeof PREVIEW_KINDS)[number];

/** The longest artifact the app hands over (characters): a reply's block is far smaller. */
export const MAX_ARTIFACT_CHARS = 2_000_000;
/** The longest error message kept from the sandbox (characters): more is the artifact shouting. */
export const MAX_ERROR_CHARS = 1_000;
/** The longest piece of output one message carries (characters), for code runs (a later slice). */
export const MAX_OUTPUT_CHARS = 65_536;
/** The tallest content height the sandbox may report (CSS pixels); the frame shows at most a bounded part of it. */
export const MAX_REPORTED_HEIGHT = 1_000_000;
/** Ids of renders (and later runs) are small non-negative integers the app picks. */
export const MAX_ID = 2 ** 31 - 1;
