// The vocabulary the app (src/chat/sandbox) and the sandbox document's program (src/sandbox) share:
// the handshake's marker, the protocol's version, the messages' names and their bounds. Both sides
// import it; the sandbox imports nothing else of the app's.

/** Bumped when a message changes shape: the app drops a sandbox that says another version. */
export const SANDBOX_PROTOCOL = 2;

/** The one window message the app sends the sandbox: it carries the MessageChannel's port, nothing else. */
export const PORT_HANDOFF = 'parley-sandbox-port';

/** What the sandbox can show: a page, a picture, a React component (JSX/TSX), a Mermaid diagram. */
export const PREVIEW_KINDS = ['html', 'svg', 'jsx', 'mermaid'] as const;
export type PreviewKind = (typeof PREVIEW_KINDS)[number];

/**
 * The runtimes the sandbox runs artifacts with (issue 36 slice B): each a file of Parley's build the
 * app fetches on first use (the service worker keeps it) and hands over the port, so the sandbox's
 * own network rule never widens. Each, run in the artifact's frame, sets `self[RUNTIME_GLOBAL][name]`.
 */
export const RUNTIME_NAMES = ['react', 'jsx-transform', 'mermaid'] as const;
export type RuntimeName = (typeof RUNTIME_NAMES)[number];
/** The runtimes each kind needs, in the order they run. */
export const RUNTIMES_OF: Readonly<Record<PreviewKind, readonly RuntimeName[]>> = { html: [], svg: [], jsx: ['react', 'jsx-transform'], mermaid: ['mermaid'] };
/** The global the runtimes publish themselves on, in the artifact's frame. */
export const RUNTIME_GLOBAL = '__parleyRuntimes';
/** The largest runtime the sandbox takes (characters): Mermaid, the largest, is about 3 MB. */
export const MAX_RUNTIME_CHARS = 8_000_000;

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
