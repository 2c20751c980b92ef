// What the page and the service worker (issue 26) agree on: the worker's file name, its messages
// and the pure rules that sort its requests. Imported by both; no browser API here.

/** The service worker's file at the app's root (build.mjs writes it); not hashed, so the browser can find a newer one there. */
export const SERVICE_WORKER_FILE = 'sw.js';

export type WorkerMessage =
  /** Files the page loaded before the worker controlled it: to be kept like the ones it fetches itself. */
  | { type: 'keep-used'; urls: string[] }
  /** The page is idle after its first screen: fetch the build's lazy parts not kept yet (issue 33). */
  | { type: 'warm' }
  /** The user said Reload: the waiting version takes over (the page reloads on `controllerchange`). */
  | { type: 'take-over' };

/** esbuild's content hash (build.mjs `[name]-[hash]`): 8 upper-case base32 characters after a dash. */
const HASHED_NAME = /-[A-Z0-9]{8}\.[a-z0-9]+$/;

/** A file whose name carries its content's hash: it never changes, so a kept copy is always right. */
export const isHashedFile = (pathname: string): boolean => HASHED_NAME.test(pathname);

/** The app's own addresses have no extension in their last segment (as the static server's index fallback). */
export const isShellAddress = (pathname: string): boolean => !/\.[^/]*$/.test(pathname.split('/').pop() ?? '');

/** What the worker does with a request: serve the shell, serve a kept file, or stay out of it (`network`). */
export type RequestRoute = 'shell' | 'hashed-file' | 'file' | 'network';

/** What `requestRoute` reads of a request (a Request has these). */
export interface RequestFacts {
  method: string;
  url: string;
  mode: string;
  headers: { has(name: string): boolean };
}

/**
 * Where a request goes (issue 32). Only the build's own files are ever kept: `files` lists them,
 * relative to the scope (`assets/main-AAAAAAAA.js`, `manifest.webmanifest`, `icons/icon-32.png`).
 * Anything else of this origin — a model API behind the same address (`/v1/models` through a
 * reverse proxy), a connection's own address — is left to the network, untouched, and so is a
 * request that carries credentials (an Authorization header): an answer meant for one key is never
 * kept, nor served once the server is down. An extension-less navigation is the app's shell:
 * the network first, this build's index.html offline; the network's answer is never kept. A
 * navigation to one of `files` (the sandbox document) is that file, kept with its headers.
 */
export function requestRoute(request: RequestFacts, scope: string, files: ReadonlySet<string>): RequestRoute {
  if (request.method !== 'GET' || request.headers.has('range') || request.headers.has('authorization') || !request.url.startsWith(scope)) return 'network';
  const url = new URL(request.url);
  if (request.mode === 'navigate' && isShellAddress(url.pathname)) return 'shell';
  // Any other navigation is one of the build's files opened as a document (the artifact sandbox,
  // sandbox.html, framed by the chat page: issue 36) or is the network's, by the rule below.
  // The build's files are asked for without a query: one with a query is not one of them.
  if (url.search !== '' || !files.has(url.href.slice(scope.length).split('#')[0]!)) return 'network';
  return isHashedFile(url.pathname) ? 'hashed-file' : 'file';
}

/** Relative `src` and `href` values of index.html's tags (not <meta> contents: they name every page's files). */
const LISTED = /\s(?:src|href)="([^"]+)"/g;

/**
 * The files index.html loads itself (boot script, preloads, stylesheet, manifest, icons), as
 * absolute addresses under `base`. Absolute URLs, `data:` and the <base> element's `/` are skipped.
 */
export function filesListedIn(html: string, base: string): string[] {
  const files = new Set<string>();
  for (const [, value] of html.matchAll(LISTED)) {
    if (!value || value.startsWith('/') || /^[a-z][a-z0-9+.-]*:/i.test(value)) continue;
    files.add(new URL(value, base).href);
  }
  return [...files];
}

/** How many builds' files the worker keeps: this one's and the one before (a tab still open on it gets its own chunks). */
export const BUILDS_KEPT = 2;

/**
 * The builds whose files stay once `current` takes over: it first, then the most recent of the
 * builds kept before (`before`, newest first), BUILDS_KEPT in all.
 */
export const buildsToKeep = (current: string, before: readonly string[]): string[] =>
  [current, ...before.filter((build) => build !== current)].slice(0, BUILDS_KEPT);

/**
 * The kept files (absolute addresses) no build still kept uses: a hashed file under `assets/` whose
 * name is in none of `files` (each kept build's list of asset names). Other files (the manifest,
 * icons) are overwritten in place, never piled up, so they stay.
 */
export function filesToForget(kept: readonly string[], files: readonly (readonly string[])[], base: string): string[] {
  const assets = new URL('assets/', base).href;
  const used = new Set(files.flat());
  return kept.filter((url) => {
    if (!url.startsWith(assets)) return false;
    const name = url.slice(assets.length).split(/[?#]/)[0]!;
    return !name.includes('/') && isHashedFile(`/${name}`) && !used.has(name);
  });
}

/**
 * Kept entries that are neither in `assets/` (filesToForget sorts those by build) nor one of
 * `otherFiles` (the build's manifest and icons, relative to `base`): what a worker before issue 32
 * kept of an API behind the same origin (`/v1/models`). Removed when a worker takes over.
 */
export function strayFiles(kept: readonly string[], otherFiles: readonly string[], base: string): string[] {
  const assets = new URL('assets/', base).href;
  const own = new Set(otherFiles.map((file) => new URL(file, base).href));
  return kept.filter((url) => !url.startsWith(assets) && !own.has(url));
}
