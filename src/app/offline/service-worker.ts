/// <reference lib="webworker" />
// Parley's service worker (issue 26): keeps what the app has used, so it opens offline. Built by
// build.mjs into dist/sw.js (not hashed: browsers check that one address for a new version).
//
// Hand-written rather than Workbox: four rules in ~130 lines, with no precache manifest to
// generate (SPEC A1: nothing is fetched ahead of its route) and no library code to audit under
// the CSP. Every request it makes is to its own origin, inside its scope, and it keeps only the
// build's own files (requestRoute): never an API answer served from the same origin.
import { buildsToKeep, filesListedIn, filesToForget, requestRoute, strayFiles, type WorkerMessage } from './offline-protocol';
import { PYTHON_PACKAGES_CACHE } from '../../lib/python-packages-cache';

/** Set by build.mjs: a digest of this build's index.html, so each build's worker differs by at least that. */
declare const __PARLEY_BUILD__: string;
/** Set by build.mjs: the names of this build's files in assets/ (what its pages can ever load). */
declare const __PARLEY_FILES__: readonly string[];
/** Set by build.mjs: the build's other files its pages load (the manifest, the icons), relative to the scope. */
declare const __PARLEY_OTHER_FILES__: readonly string[];

/**
 * Set by build.mjs (src/lib/warm-files.mjs): the names in assets/ of the app's lazily loaded parts
 * (menus, Settings' sections, message files, KaTeX, the highlighter…) but no page's code, fetched
 * once the page says it is idle, so a part never used online still works offline (issue 33).
 */
declare const __PARLEY_WARM__: readonly string[];

/** The artifact sandbox's document beside index.html (build.mjs SANDBOX_FILE), one of __PARLEY_OTHER_FILES__. */
const SANDBOX_DOCUMENT = 'sandbox.html';

const worker = self as unknown as ServiceWorkerGlobalScope;
/** index.html per build (`<scope>?build=<id>`): an old page's worker serves its own shell, never a newer build's. */
const SHELL_CACHE = 'parley-shell';
/**
 * Every file a page has used, from this build and the one before: hashed names never repeat, so
 * a page still open on the older build is served its own chunks after the newer one arrived.
 * Older builds' files are forgotten when a new version takes over (forgetOldBuilds).
 */
const FILES_CACHE = 'parley-files';
// Python's packages (issue 36) are the user's downloads from an address they chose, not a build's files.
const KNOWN_CACHES = new Set([SHELL_CACHE, FILES_CACHE, PYTHON_PACKAGES_CACHE]);

const scope = () => worker.registration.scope;
const shellKey = (build: string) => `${scope()}?parley-build=${encodeURIComponent(build)}`;
/** A build's list of asset names, kept beside its shell by its own worker: a later worker cannot know it otherwise. */
const filesKey = (build: string) => `${scope()}?parley-files=${encodeURIComponent(build)}`;
/** The builds whose files are kept, newest first. */
const buildsKey = () => `${scope()}?parley-builds`;
const json = (value: unknown) => new Response(JSON.stringify(value), { headers: { 'content-type': 'application/json' } });
async function readList(cache: Cache, key: string): Promise<string[] | undefined> {
  const value: unknown = await (await cache.match(key))?.json().catch(() => undefined);
  return Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : undefined;
}
/** The build's files, relative to the scope: the only ones ever kept (requestRoute). */
const BUILD_FILES: ReadonlySet<string> = new Set([...__PARLEY_FILES__.map((name) => `assets/${name}`), ...__PARLEY_OTHER_FILES__]);
const NO_HEADERS = new Headers();
/** One of this build's files, asked for plainly (what the page loaded, what index.html lists). */
const isBuildFile = (url: string) => requestRoute({ method: 'GET', url, mode: 'same-origin', headers: NO_HEADERS }, scope(), BUILD_FILES) !== 'network';

/** Stores `response` for `request` when it is a whole, successful answer of ours. */
async function keep(cacheName: string, key: RequestInfo, response: Response): Promise<void> {
  if (response.status !== 200 || response.type === 'opaque') return;
  const cache = await caches.open(cacheName);
  await cache.put(key, response);
}

/**
 * The shell (this build's index.html, asked past the HTTP cache) and what it loads itself: the
 * boot script, its static imports, the stylesheet, the manifest and icons. Not a page chunk:
 * those are kept as each page is first visited.
 */
async function installShell(): Promise<void> {
  const response = await fetch(scope(), { cache: 'no-cache' });
  if (!response.ok) throw new Error(`The app's index answered ${response.status}`);
  const html = await response.clone().text();
  await keep(SHELL_CACHE, shellKey(__PARLEY_BUILD__), response);
  await (await caches.open(SHELL_CACHE)).put(filesKey(__PARLEY_BUILD__), json(__PARLEY_FILES__));
  const files = await caches.open(FILES_CACHE);
  const missing: string[] = [];
  for (const file of filesListedIn(html, scope())) if (isBuildFile(file) && !(await files.match(file))) missing.push(file);
  await files.addAll(missing);
}

/**
 * Drops older builds' shells and caches this worker does not know, what an older worker kept that
 * is not a file of a build (strayFiles), and the files of builds before the previous one (buildsToKeep). When a kept build's list is missing (its worker came before
 * the lists), no file is forgotten this time: which ones it needs is not known.
 */
async function forgetOldBuilds(): Promise<void> {
  for (const name of await caches.keys()) if (!KNOWN_CACHES.has(name)) await caches.delete(name);
  const shells = await caches.open(SHELL_CACHE);
  const builds = buildsToKeep(__PARLEY_BUILD__, (await readList(shells, buildsKey())) ?? []);
  await shells.put(buildsKey(), json(builds));
  const lists = await Promise.all(builds.map((build) => readList(shells, filesKey(build))));
  const stays = new Set([shellKey(__PARLEY_BUILD__), buildsKey(), ...builds.map(filesKey)]);
  for (const request of await shells.keys()) if (!stays.has(request.url)) await shells.delete(request);
  const files = await caches.open(FILES_CACHE);
  const kept = (await files.keys()).map((request) => request.url);
  for (const url of strayFiles(kept, __PARLEY_OTHER_FILES__, scope())) await files.delete(url);
  if (lists.some((list) => !list)) return;
  for (const url of filesToForget(kept, lists as string[][], scope())) await files.delete(url);
}

/** Navigations: the network first (the newest version when online), this build's shell when it cannot answer. */
async function navigate(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match(shellKey(__PARLEY_BUILD__), { cacheName: SHELL_CACHE });
    if (shell) return shell;
    throw error;
  }
}

/** A hashed file never changes: the kept copy when there is one, else the network's, kept. */
async function hashedFile(request: Request): Promise<Response> {
  const kept = await caches.match(request, { cacheName: FILES_CACHE });
  if (kept) return kept;
  const response = await fetch(request);
  await keep(FILES_CACHE, request, response.clone());
  return response;
}

/** Other files (the manifest, icons): the network's copy, kept, or the kept one offline. */
async function plainFile(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    await keep(FILES_CACHE, request, response.clone());
    return response;
  } catch (error) {
    const kept = await caches.match(request, { cacheName: FILES_CACHE });
    if (kept) return kept;
    throw error;
  }
}

/**
 * Fetches and keeps, one at a time, each of `urls` not kept yet. A failure (offline, a file gone)
 * ends the pass when `untilFailure` (the warm-up: offline, the rest would fail too; the next
 * visit's warm-up tries again), else skips only that file (it is fetched and kept on its next use).
 */
async function keepMissing(urls: readonly string[], untilFailure: boolean): Promise<void> {
  const cache = await caches.open(FILES_CACHE);
  for (const url of urls) {
    if (await cache.match(url)) continue;
    try {
      await keep(FILES_CACHE, url, await fetch(url));
    } catch {
      if (untilFailure) return;
    }
  }
}

/**
 * Files the page loaded before this worker controlled it: kept now (the browser's HTTP cache has
 * them). The page's timeline has its API calls too (`/v1/models` behind the same origin): only the
 * build's files.
 */
const keepUsed = (urls: readonly string[]) => keepMissing(urls.filter(isBuildFile), false);

/**
 * The build's lazy parts that are not kept yet, fetched one at a time: the page is idle, but a
 * user may start something at any moment, and one request at a time leaves the connection to them.
 */
const warmParts = () =>
  // With the artifact sandbox's document (issue 36): a preview offline needs it, and nothing else.
  keepMissing([...__PARLEY_WARM__.map((name) => new URL(`assets/${name}`, scope()).href), new URL(SANDBOX_DOCUMENT, scope()).href], true);

worker.addEventListener('install', (event) => event.waitUntil(installShell()));

worker.addEventListener('activate', (event) => event.waitUntil(forgetOldBuilds().then(() => worker.clients.claim())));

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  // A file opened in the tab (the OAuth callback page), an API answer, anything with a key: the network's alone.
  const route = requestRoute(request, scope(), BUILD_FILES);
  if (route === 'shell') event.respondWith(navigate(request));
  else if (route === 'hashed-file') event.respondWith(hashedFile(request));
  else if (route === 'file') event.respondWith(plainFile(request));
});

worker.addEventListener('message', (event) => {
  const message = event.data as WorkerMessage;
  if (message?.type === 'keep-used') event.waitUntil(keepUsed(message.urls));
  else if (message?.type === 'warm') event.waitUntil(warmParts());
  else if (message?.type === 'take-over') void worker.skipWaiting();
});
