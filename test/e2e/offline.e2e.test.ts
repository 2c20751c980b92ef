import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { startOpenAiServer, textStream, type OpenAiServer } from '../support/openai-server/index.mjs';
import { seedConnection } from '../support/seed-connection.mjs';
import { composer, heading, nav, settingsDialog, toasts } from './locators';
import { checkStop, focused, VIEWPORTS } from './screen-checks';
import { APP_DIST, buildSecondVersion, everythingUsedIsKept, hostApp, REMOTE_MODEL_ARGS, REMOTE_MODEL_HOST, sameOriginFront, serviceWorkerInControl, goOffline as goOfflineWith, goOnline as goOnlineWith, type AppHost } from './offline-app';
import { pagePerTest } from './page-per-test';
import { seedChats } from './seed-chats';

// Journey (issue 26): Parley opens, reads and searches with no network. The production build on
// a static server the test stops and starts; the model server is "elsewhere" (a host name, not
// localhost), so offline it is out of reach.

let page: Page;
let requests: string[];
let model: OpenAiServer;
let host: AppHost | undefined;
/** The app's next version, built while the first journey runs. */
let secondVersion: Promise<string>;

/** A page per test at this size and scheme; the context's requests (the page's and the service worker's own) are recorded. */
function pages(options: { viewport: { width: number; height: number }; colorScheme: 'light' | 'dark'; touch?: boolean }) {
  pagePerTest({
    failureScreenshot: '/tmp/offline-e2e-failure.png',
    args: REMOTE_MODEL_ARGS,
    viewport: options.viewport,
    colorScheme: options.colorScheme,
    hasTouch: options.touch,
    isMobile: options.touch,
    onOpen(opened) {
      page = opened.page;
      requests = [];
      opened.browser.context.on('request', (r: Request) => requests.push(new URL(r.url()).pathname));
    },
  });
  afterAll(async () => {
    await host?.stop();
    host = undefined;
  });
}

beforeAll(async () => {
  secondVersion = buildSecondVersion();
  // A build that fails is reported by the test that waits for it.
  secondVersion.catch(() => {});
  model = await startOpenAiServer();
});
afterAll(async () => {
  await model.close();
  await secondVersion.then((dir) => rm(dir, { recursive: true, force: true }), () => {});
});

const SHOTS = '/tmp/shots';
/** Each journey is one test of many steps (a fresh profile, a service worker installing, two builds swapped): longer than the default 30 s on a loaded CI machine. */
const JOURNEY_TIMEOUT_MS = 60_000;
/** How long the update journey watches for an announcement that must not come while the reply streams. */
const QUIET_WAIT_MS = 1500;
/** The update journey's reply stops after its role and first two pieces, until the test lets it go on. */
const HELD_STEP = 3;
const CHAT_TITLE = 'Notes from the drawer';
const RARE = 'zanzibarquux';
const pageChunks = () => [...new Set(requests.filter((p) => /\/assets\/[a-z-]+-page-[A-Z0-9]{8}\.js$/.test(p)).map((p) => p.replace(/^.*\/assets\/([a-z-]+-page)-.*$/, '$1')))];

const goOffline = () => goOfflineWith(page, host!);
const goOnline = () => goOnlineWith(page, host!);

/** A chat and a connection stored (as the app would) on the app's origin, then the home page opened. */
async function openSeededApp(url: string) {
  await page.goto(new URL('assets/not-the-app.txt', url).href);
  await page.evaluate(seedChats, { chats: [{ id: 'drawer', title: CHAT_TITLE, offsetMs: 0, texts: [`Where is the ${RARE}?`, 'In the drawer.'] }], startMs: Date.now() - 60_000 });
  await page.evaluate(seedConnection, { baseUrl: model.url.replace('127.0.0.1', REMOTE_MODEL_HOST) });
  await page.goto(url);
  await expect.poll(() => heading(page).textContent()).toBe('What shall we talk about?');
}

/** Chromium finds nothing against installing the app, its start and scope follow the base path, and every icon loads at its size. */
async function installable(basePath: string) {
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // Detached at once: a session left open makes Chromium forget the offline emulation on the next reload.
  await cdp.detach();
  expect(installabilityErrors).toEqual([]);
  const manifest = await page.evaluate(async () => {
    const href = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')!.href;
    const json = (await (await fetch(href)).json()) as { start_url: string; scope: string; icons: { src: string; sizes: string; purpose: string }[] };
    const icons = await Promise.all(
      json.icons.map(async (icon) => {
        const response = await fetch(new URL(icon.src, href));
        const bitmap = await createImageBitmap(await response.blob());
        return `${icon.purpose} ${icon.sizes}: ${response.headers.get('content-type')} ${bitmap.width}x${bitmap.height}`;
      }),
    );
    return { start: new URL(json.start_url, href).pathname, scope: new URL(json.scope, href).pathname, icons };
  });
  expect(manifest).toEqual({
    start: basePath,
    scope: basePath,
    icons: ['any 32x32: image/png 32x32', 'any 192x192: image/png 192x192', 'any 512x512: image/png 512x512', 'maskable 512x512: image/png 512x512'],
  });
}

const markWindow = () => page.evaluate(() => ((window as unknown as { marker: number }).marker = 26));
const stillSameWindow = () => page.evaluate(() => (window as unknown as { marker?: number }).marker === 26);

/** The offline notice under the message box. */
const offlineNote = () => page.getByRole('status').filter({ hasText: 'the model server cannot be reached' });
const announcement = () => toasts(page).filter({ hasText: 'A new version of Parley is ready' });

/** A look at a new screen: axe-clean, no sideways scrolling, and a picture to look at. */
async function look(name: string) {
  await checkStop(page, name);
  await page.screenshot({ path: `${SHOTS}/offline-${name}.png` });
}

/** The server moves on to the next version and the browser finds it (as it does on its own on navigations and every hour). */
async function nextVersionFound(): Promise<string> {
  const next = await secondVersion;
  await host!.start(next);
  await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration!.update()));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.waiting?.state)), { timeout: 20_000 }).toBe('installed');
  return /<script type="module" src="([^"]+)"/.exec(await readFile(path.join(next, 'index.html'), 'utf8'))![1]!;
}
const runningVersion = () => page.evaluate(() => document.querySelector('script[type="module"]')?.getAttribute('src'));

describe('offline at /, desktop, light, by keyboard', () => {
  pages({ viewport: VIEWPORTS.desktop, colorScheme: 'light' });

  it('opens home, the chat, search and Settings with no network; a page never opened needs a connection; all resumes online', async () => {
    host = await hostApp(APP_DIST, '/');
    await openSeededApp(host.url);
    await serviceWorkerInControl(page);
    await everythingUsedIsKept(page);
    await installable('/');
    // SPEC A1 with the worker active: no page's code is fetched before its route is visited, by the page or the worker.
    expect(pageChunks()).toEqual(['home-page']);

    // The chat page has never been opened: offline, it says so instead of failing.
    await goOffline();
    await markWindow();
    await nav(page).getByRole('link', { name: CHAT_TITLE }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => heading(page).textContent()).toBe('This page needs a connection');
    await look('needs-connection-desktop-light');

    // Back online it opens, with no reload.
    await goOnline();
    await nav(page).getByRole('link', { name: CHAT_TITLE }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => heading(page).textContent()).toBe(CHAT_TITLE);
    expect(await stillSameWindow()).toBe(true);
    await everythingUsedIsKept(page);

    // Offline again, and reloaded: the chat opens from what was kept.
    await goOffline();
    await page.reload();
    await expect.poll(() => heading(page).textContent()).toBe(CHAT_TITLE);
    await page.getByText('In the drawer.').waitFor();
    await markWindow();
    // The message box says the model server is out of reach, and keeps what was typed.
    await offlineNote().waitFor();
    await composer(page).fill('Still there?');
    await composer(page).press('Enter');
    await expect.poll(() => composer(page).inputValue()).toBe('Still there?');
    expect(await page.locator('.thread__item[data-message-id]').count()).toBe(2);
    await look('note-desktop-light');

    // Home, search and Settings, offline.
    await nav(page).getByRole('link', { name: 'New chat' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => heading(page).textContent()).toBe('What shall we talk about?');
    // Home's message box keeps the draft too, and says why; no chat is started.
    const chatsBefore = await nav(page).getByRole('link').count();
    await composer(page).fill('A new one, offline');
    await composer(page).press('Enter');
    await offlineNote().waitFor();
    expect(await composer(page).inputValue()).toBe('A new one, offline');
    expect(await nav(page).getByRole('link').count()).toBe(chatsBefore);
    await look('home-note-desktop-light');
    await composer(page).fill('');
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: 'Search chat titles and messages' }).pressSequentially(RARE);
    await page.getByRole('option', { name: new RegExp(CHAT_TITLE) }).waitFor();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+,');
    await settingsDialog(page).waitFor();
    await page.keyboard.press('Escape');
    await settingsDialog(page).waitFor({ state: 'hidden' });

    // Online again: the note goes, and the kept message is sent, all without a reload.
    model.setScript(textStream('Here again.'));
    await goOnline();
    await page.goBack();
    await expect.poll(() => composer(page).inputValue()).toBe('Still there?');
    await offlineNote().waitFor({ state: 'detached' });
    await composer(page).press('Enter');
    await page.getByText('Here again.').waitFor();
    expect(await stillSameWindow()).toBe(true);

    // Shared from another app (the manifest's share_target, GET): a new chat's message box holds it, not sent.
    const shared = new URLSearchParams({ title: 'A page', text: 'Worth a look', url: 'https://example.com/a' });
    await page.goto(`${host.url}?${shared}`);
    await expect.poll(() => composer(page).inputValue()).toBe('A page\nWorth a look\nhttps://example.com/a');
    expect(new URL(page.url()).search).toBe('');
    expect(await nav(page).getByRole('link', { name: /A page|Worth a look/ }).count()).toBe(0);
  }, JOURNEY_TIMEOUT_MS);
});

describe('offline and updated at /parley/, phone, dark, by touch', () => {
  pages({ viewport: VIEWPORTS.phone, colorScheme: 'dark', touch: true });

  it('works under a sub-path: a page never opened needs a connection, the chat opens offline, and a new version is announced and taken', async () => {
    host = await hostApp(APP_DIST, '/parley/');
    await openSeededApp(host.url);
    await serviceWorkerInControl(page);
    await everythingUsedIsKept(page);
    await installable('/parley/');

    const openChatFromDrawer = async () => {
      await page.getByRole('button', { name: 'Open sidebar' }).tap();
      await nav(page).getByRole('link', { name: CHAT_TITLE }).tap();
    };
    await goOffline();
    await openChatFromDrawer();
    await expect.poll(() => heading(page).textContent()).toBe('This page needs a connection');
    await look('needs-connection-phone-dark');

    await goOnline();
    await openChatFromDrawer();
    await expect.poll(() => heading(page).textContent()).toBe(CHAT_TITLE);
    await everythingUsedIsKept(page);

    await goOffline();
    await page.reload();
    await expect.poll(() => heading(page).textContent()).toBe(CHAT_TITLE);
    await offlineNote().waitFor();
    await look('note-phone-dark');

    await goOnline();
    await offlineNote().waitFor({ state: 'detached' });
    const nextMain = await nextVersionFound();
    await announcement().waitFor();
    await look('update-phone-dark');
    await announcement().getByRole('button', { name: 'Reload' }).tap();
    await expect.poll(runningVersion).toBe(nextMain);
    await expect.poll(() => heading(page).textContent()).toBe(CHAT_TITLE);
  }, JOURNEY_TIMEOUT_MS);
});

describe('a new version at /, desktop, light, by keyboard', () => {
  pages({ viewport: VIEWPORTS.desktop, colorScheme: 'light' });

  it('is announced once the streaming reply has ended, Reload gets it, and until then the old page keeps its own chunks', async () => {
    host = await hostApp(APP_DIST, '/');
    await openSeededApp(host.url);
    await serviceWorkerInControl(page);
    await nav(page).getByRole('link', { name: CHAT_TITLE }).click();
    await expect.poll(() => heading(page).textContent()).toBe(CHAT_TITLE);
    await everythingUsedIsKept(page);
    const oldChatChunk = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name).find((name) => /\/chat-page-[A-Z0-9]{8}\.js$/.test(name))!);
    // A file of a build before this one, still kept: the next version forgets it, and keeps this build's.
    const ancient = await page.evaluate(async () => {
      const url = new URL('assets/ancient-ZZZZZZZZ.js', document.baseURI).href;
      await (await caches.open('parley-files')).put(url, new Response('// a build before this one'));
      return url;
    });

    // A reply streams, held mid-way until the test has looked, while the server moves on to the next version and the browser finds it.
    let goOn!: () => void;
    const held = new Promise<void>((resolve) => (goOn = resolve));
    const reply = textStream('A long answer, told piece by piece. To the very end.', { chunkSize: 8 });
    const steps = [...reply.steps!];
    steps[HELD_STEP] = { ...steps[HELD_STEP]!, until: held };
    model.setScript({ ...reply, steps });
    await composer(page).fill('Tell me more');
    await composer(page).press('Enter');
    const stop = page.getByRole('button', { name: 'Stop generating' });
    await stop.waitFor();
    // The request has reached the server (its first words are on screen): the code a send loads
    // on first use came from this build, before the server moves on.
    await page.getByText('A long answer', { exact: false }).waitFor();
    const nextMain = await nextVersionFound();
    // Time enough for the toast to show (its renderer loads with the first toast): it does not, the reply still streams.
    await expect(announcement().waitFor({ timeout: QUIET_WAIT_MS })).rejects.toThrow();
    expect(await stop.count()).toBe(1);
    // The old page is still served its own build's chunk, which the server no longer has.
    expect((await fetch(oldChatChunk)).status).toBe(404);
    // Past the browser's HTTP cache (which may keep it too, until it evicts it): the worker's own copy.
    expect(await page.evaluate((url) => fetch(url, { cache: 'no-store' }).then((response) => response.status), oldChatChunk)).toBe(200);

    // The reply ends: then, and only then, the announcement.
    goOn();
    await page.getByText('To the very end.', { exact: false }).waitFor();
    await announcement().waitFor();
    expect(await stop.count()).toBe(0);
    await look('update-desktop-light');

    // F8 reaches the toasts; Reload is a Tab or two away.
    await page.keyboard.press('F8');
    for (let i = 0; i < 3 && (await focused(page)) !== 'button Reload'; i += 1) await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('button Reload');
    await page.keyboard.press('Enter');
    await expect.poll(runningVersion).toBe(nextMain);
    await expect.poll(() => heading(page).textContent()).toBe(CHAT_TITLE);
    await page.getByText('To the very end.', { exact: false }).waitFor();
    const kept = (url: string) => page.evaluate(async (address) => (await (await caches.open('parley-files')).match(address)) !== undefined, url);
    await expect.poll(() => kept(ancient)).toBe(false);
    expect(await kept(oldChatChunk)).toBe(true);
  }, JOURNEY_TIMEOUT_MS);
});

describe('a model server behind the same origin (/v1), desktop, light', () => {
  pages({ viewport: VIEWPORTS.desktop, colorScheme: 'light' });

  it('chats through it, and the service worker keeps only files of the build: no API answer, nothing sent with the key', async () => {
    host = await hostApp(APP_DIST, '/');
    const front = await sameOriginFront(host.url, model.url);
    try {
      const key = 'sk-behind-the-proxy';
      const origin = new URL(front.url).origin;
      await page.goto(new URL('assets/not-the-app.txt', front.url).href);
      await page.evaluate(seedConnection, {
        connections: [{ id: 'proxied', name: 'Behind the proxy', kind: 'custom', baseUrl: `${origin}/v1`, apiKey: key, apiKeyUrl: `${origin}/v1` }],
        model: 'proxied/test-model',
      });
      await page.goto(front.url);
      await serviceWorkerInControl(page);
      // Opened again under the worker: from the first request on, the page's API calls pass through it.
      await page.reload();
      await expect.poll(() => heading(page).textContent()).toBe('What shall we talk about?');
      model.setScript(textStream('Answered through the proxy.'));
      await composer(page).fill('Are you there?');
      await composer(page).press('Enter');
      await page.getByText('Answered through the proxy.').waitFor();
      const withKey = model.requests.filter((r) => r.headers.authorization === `Bearer ${key}`).map((r) => `${r.method} ${r.path}`);
      expect(withKey).toContain('GET /v1/models');
      expect(withKey).toContain('POST /v1/chat/completions');
      await everythingUsedIsKept(page);

      const build = new Set([
        ...(await readdir(path.join(APP_DIST, 'assets'))).map((name) => `/assets/${name}`),
        '/manifest.webmanifest',
        ...(await readdir(path.join(APP_DIST, 'icons'))).map((name) => `/icons/${name}`),
      ]);
      const kept = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
        return urls;
      });
      // The shell's own entries (index.html per build, the builds' file lists) sit at the scope with a parley- query.
      const notOfTheBuild = kept.map((url) => new URL(url)).filter((url) => !build.has(url.pathname) && !(url.pathname === '/' && /^\?parley-(build|files|builds)\b/.test(url.search)));
      expect(notOfTheBuild.map((url) => url.pathname + url.search)).toEqual([]);
      expect(kept.some((url) => new URL(url).pathname.startsWith('/assets/'))).toBe(true);
    } finally {
      await front.close();
    }
  }, JOURNEY_TIMEOUT_MS);
});
