import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seedConnection } from '../support/seed-connection.mjs';
import { composer, heading, nav, settingsDialog } from './locators';
import { checkStop, VIEWPORTS } from './screen-checks';
import { APP_DIST, hostApp, REMOTE_MODEL_ARGS, REMOTE_MODEL_HOST, serviceWorkerInControl, goOffline as goOfflineWith, goOnline as goOnlineWith, type AppHost } from './offline-app';
import { pagePerTest } from './page-per-test';
import { seedChats } from './seed-chats';

// Journey (issue 33): offline, nothing whose code this browser never loaded crashes the app. A
// fresh profile makes one online visit (home and one chat); the service worker warms the app's
// lazy parts while the page is idle; then, offline: `/` in the message box, every Settings
// section by its address, a project never opened, a chat never opened with a picture and math.
// A part the warm-up has not kept says it needs a connection, survives a reload, and loads by
// itself when the network returns.

const SHOTS = '/tmp/shots';
const JOURNEY_TIMEOUT_MS = 90_000;
const OPENED_CHAT = 'Notes from the drawer';
const NEVER_OPENED_CHAT = 'Euler and a picture';
const PROJECT = 'Garden plans';
const SECTIONS = ['connections', 'chats', 'instructions', 'presets', 'prompts', 'tools', 'code', 'data', 'sync'];
/** Chunks the warm-up must have kept before the journey goes offline (each a lazy part of the app, no page). */
const WARMED = ['prompt-menu', 'instructions-section', 'presets-section', 'prompts-section', 'code-section', 'project-home', 'message-files', 'katex-render', 'highlighter', 'settings-dialog'];
/** A 2×2 red PNG. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGP4z8DAwMDAxMDAAAAjBAMBMZ2s1QAAAABJRU5ErkJggg==';

let page: Page;
let host: AppHost | undefined;

/** Stores a project, and a picture in the never-opened chat's first message, in the app's own (upgraded) database. */
function seedPictureAndProject({ png, project }: { png: string; project: string }): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const open = indexedDB.open('parley');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction(['messages', 'attachments', 'library'], 'readwrite');
      const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
      const ref = { id: 'pic-1', kind: 'image', name: 'red.png', mimeType: 'image/png', size: bytes.length, width: 2, height: 2 };
      const messages = tx.objectStore('messages');
      const first = messages.get('euler-m0000');
      first.onsuccess = () => messages.put({ ...first.result, attachments: [ref] });
      tx.objectStore('attachments').put({ ...ref, createdAt: Date.now(), chatId: 'euler', messageId: 'euler-m0000', blob: new Blob([bytes], { type: 'image/png' }) });
      tx.objectStore('library').put({ id: 'project-garden', kind: 'project', createdAt: 1, updatedAt: 2, name: project, instructions: 'Plan by season.', files: [] });
      tx.oncomplete = () => {
        db.close();
        resolve();
      };
      tx.onerror = () => reject(tx.error);
    };
  });
}

/** Names of the app's assets the service worker keeps. */
const keptAssets = () =>
  page.evaluate(async () => {
    const cache = await caches.open('parley-files');
    return (await cache.keys()).map((request) => new URL(request.url).pathname.replace(/^.*\/assets\//, ''));
  });
const kept = async (chunk: string) => (await keptAssets()).some((name) => new RegExp(`^${chunk}-[A-Z0-9]{8}\\.js$`).test(name));

/** Forgets one kept chunk, and the browser's HTTP cache, as if the warm-up had not reached it yet. */
async function forget(chunk: string) {
  await page.evaluate(async (prefix) => {
    const cache = await caches.open('parley-files');
    for (const request of await cache.keys()) if (new RegExp(`/assets/${prefix}-[A-Z0-9]{8}\\.js$`).test(request.url)) await cache.delete(request);
  }, chunk);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  // Detached at once: a session left open makes Chromium forget the offline emulation on the next reload.
  await cdp.detach();
}

const goOffline = () => goOfflineWith(page, host!);
const goOnline = () => goOnlineWith(page, host!);

const crashed = () => page.getByText('This screen crashed', { exact: false });
const needsConnection = () => page.getByRole('status').filter({ hasText: 'This needs a connection the first time.' });
const promptList = () => page.getByRole('listbox', { name: 'Saved prompts' });

async function look(name: string) {
  await checkStop(page, name);
  await page.screenshot({ path: `${SHOTS}/offline-parts-${name}.png` });
}

/** The whole journey; `touch` taps where the desktop journey uses the keyboard alone. */
async function journey(label: string, touch: boolean) {
  host = await hostApp(APP_DIST, '/');
  const url = host.url;
  // One online visit: home, then one chat.
  await page.goto(new URL('assets/not-the-app.txt', url).href);
  await page.evaluate(seedChats, {
    chats: [
      { id: 'drawer', title: OPENED_CHAT, offsetMs: 1000, texts: ['Where is it?', 'In the drawer.'] },
      { id: 'euler', title: NEVER_OPENED_CHAT, offsetMs: 0, texts: ['Show me Euler and a picture.', 'Here it is:\n\n$$e^{i\\pi} + 1 = 0$$\n\n```js\nconst answer = 42;\n```'] },
    ],
    startMs: Date.now() - 60_000,
  });
  await page.evaluate(seedConnection, { baseUrl: `http://${REMOTE_MODEL_HOST}:9/v1` });
  await page.goto(url);
  await expect.poll(() => heading(page).textContent()).toBe('What shall we talk about?');
  await page.evaluate(seedPictureAndProject, { png: PNG_BASE64, project: PROJECT });
  await page.reload();
  await serviceWorkerInControl(page);
  await openChat(OPENED_CHAT, touch);
  await page.getByText('In the drawer.').waitFor();
  // The worker warms the lazy parts while the page is idle: wait for that state, not for time.
  for (const chunk of WARMED) await expect.poll(() => kept(chunk), { timeout: 30_000, message: `${chunk} kept` }).toBe(true);

  // A part the warm-up has not kept yet: `/` offline says so, a reload with the `/` draft kept does not crash.
  await forget('prompt-menu');
  await goOffline();
  await goHome(touch);
  await typeInto(composer(page), '/', touch);
  await needsConnection().waitFor();
  expect(await crashed().count()).toBe(0);
  await look(`needs-connection-${label}`);
  await page.reload();
  await expect.poll(() => composer(page).inputValue()).toBe('/');
  await needsConnection().waitFor();
  expect(await crashed().count()).toBe(0);
  // Back online, the menu loads by itself: no reload.
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 33));
  await goOnline();
  await needsConnection().waitFor({ state: 'detached' });
  // The menu shows while the box has focus; a phone does not focus it on load (focused here, not
  // tapped: Chromium's mobile emulation sometimes drops a tap's focus, docs/offline.md).
  await composer(page).focus();
  await promptList().waitFor();
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(33);
  await expect.poll(() => kept('prompt-menu')).toBe(true);
  await composer(page).fill('');

  // Offline with everything warmed: every Settings section by its address (a reload keeps the address).
  await goOffline();
  for (const section of SECTIONS) {
    await page.goto(`${url}?settings=${section}`);
    await settingsDialog(page).waitFor();
    await expect.poll(() => page.evaluate(() => document.querySelector('dialog[open] [aria-busy="true"], dialog[open] .needs-connection') === null)).toBe(true);
    expect(await crashed().count(), section).toBe(0);
  }
  await look(`settings-sync-${label}`);
  if (touch) await settingsDialog(page).getByRole('button', { name: 'Close', exact: true }).tap();
  else await page.keyboard.press('Escape');
  await settingsDialog(page).waitFor({ state: 'hidden' });

  // A project never opened on this device.
  await page.goto(`${url}?project=project-garden`);
  await expect.poll(() => heading(page).textContent()).toBe(PROJECT);
  expect(await needsConnection().count()).toBe(0);
  await look(`project-${label}`);

  // A chat never opened: its picture (thumbnail and viewer), its math typeset, its code highlighted.
  await openChat(NEVER_OPENED_CHAT, touch);
  await page.locator('.katex').first().waitFor();
  await page.locator('pre code .hljs-keyword, pre code [class*="hljs-"]').first().waitFor();
  const thumbnail = page.getByRole('button', { name: 'Open image red.png' });
  if (touch) await thumbnail.tap();
  else {
    await thumbnail.focus();
    await page.keyboard.press('Enter');
  }
  const viewer = page.getByRole('dialog', { name: /red\.png/ });
  await viewer.waitFor();
  // Decoded from what IndexedDB holds, with no network.
  await expect.poll(() => viewer.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
  expect(await crashed().count()).toBe(0);
  expect(await needsConnection().count()).toBe(0);
  await look(`chat-${label}`);
  await page.keyboard.press('Escape');
  await goOnline();
}

async function openChat(title: string, touch: boolean) {
  if (touch) {
    await page.getByRole('button', { name: 'Open sidebar' }).tap();
    await nav(page).getByRole('link', { name: title }).tap();
  } else {
    await nav(page).getByRole('link', { name: title }).focus();
    await page.keyboard.press('Enter');
  }
  await expect.poll(() => heading(page).textContent()).toBe(title);
}

async function goHome(touch: boolean) {
  if (touch) {
    await page.getByRole('button', { name: 'Open sidebar' }).tap();
    await nav(page).getByRole('link', { name: 'New chat' }).tap();
  } else {
    await nav(page).getByRole('link', { name: 'New chat' }).focus();
    await page.keyboard.press('Enter');
  }
  await expect.poll(() => heading(page).textContent()).toBe('What shall we talk about?');
}

async function typeInto(box: ReturnType<typeof composer>, text: string, touch: boolean) {
  if (touch) await box.tap();
  else await box.focus();
  await page.keyboard.type(text);
}

describe('offline parts at desktop, light, by keyboard', () => {
  pagePerTest({ args: REMOTE_MODEL_ARGS, viewport: VIEWPORTS.desktop, colorScheme: 'light', onOpen: (opened) => void (page = opened.page) });
  it('no crash and no blank offline: `/`, every Settings section, a new project, a new chat with a picture and math; a missing part loads once online', async () => {
    try {
      await journey('desktop-light', false);
    } finally {
      await host?.stop();
    }
  }, JOURNEY_TIMEOUT_MS);
});

describe('offline parts at 390×844, dark, by touch', () => {
  pagePerTest({ args: REMOTE_MODEL_ARGS, viewport: VIEWPORTS.phone, colorScheme: 'dark', hasTouch: true, isMobile: true, onOpen: (opened) => void (page = opened.page) });
  it('no crash and no blank offline, by finger', async () => {
    try {
      await journey('phone-dark', true);
    } finally {
      await host?.stop();
    }
  }, JOURNEY_TIMEOUT_MS);
});
