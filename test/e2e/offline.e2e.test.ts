import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { startOpenAiServer, textStream, type OpenAiServer } from '../support/openai-server/index.mjs';
import { seedConnection } from '../support/seed-connection.mjs';
import { composer, heading, nav, settingsDialog } from './locators';
import { APP_DIST, buildSecondVersion, everythingUsedIsKept, hostApp, REMOTE_MODEL_ARGS, REMOTE_MODEL_HOST, serviceWorkerInControl, type AppHost } from './offline-app';
import { pagePerTest } from './page-per-test';
import { seedChats } from './seed-chats';

// Journey (issue 26): Parley opens, reads and searches with no network. The production build on
// a static server the test stops and starts; the model server is "elsewhere" (a host name, not
// localhost), so offline it is out of reach.

let page: Page;
let requests: string[];
let model: OpenAiServer;
let host: AppHost | undefined;

pagePerTest({
  args: REMOTE_MODEL_ARGS,
  onOpen(opened) {
    page = opened.page;
    requests = [];
    // The context's requests: the page's and the service worker's own.
    opened.browser.context.on('request', (r: Request) => requests.push(new URL(r.url()).pathname));
  },
});

beforeAll(async () => {
  model = await startOpenAiServer();
});
afterAll(async () => {
  await model.close();
});

const CHAT_TITLE = 'Notes from the drawer';
const RARE = 'zanzibarquux';
const pageChunks = () => [...new Set(requests.filter((p) => /\/assets\/[a-z-]+-page-[A-Z0-9]{8}\.js$/.test(p)).map((p) => p.replace(/^.*\/assets\/([a-z-]+-page)-.*$/, '$1')))];

/** Goes off the network the way a laptop does: the server is gone and the browser knows it is offline. */
async function goOffline() {
  await host!.stop();
  await page.context().setOffline(true);
}
async function goOnline() {
  await host!.start();
  await page.context().setOffline(false);
}

/** A chat and a connection stored (as the app would) on the app's origin, then the home page opened. */
async function openSeededApp(url: string) {
  await page.goto(new URL('assets/not-the-app.txt', url).href);
  await page.evaluate(seedChats, { chats: [{ id: 'drawer', title: CHAT_TITLE, offsetMs: 0, texts: [`Where is the ${RARE}?`, 'In the drawer.'] }], startMs: Date.now() - 60_000 });
  await page.evaluate(seedConnection, { baseUrl: model.url.replace('127.0.0.1', REMOTE_MODEL_HOST) });
  await page.goto(url);
  await expect.poll(() => heading(page).textContent()).toBe('What shall we talk about?');
}

const markWindow = () => page.evaluate(() => ((window as unknown as { marker: number }).marker = 26));
const stillSameWindow = () => page.evaluate(() => (window as unknown as { marker?: number }).marker === 26);

describe.each(['/', '/parley/'])('offline at %s', (basePath) => {
  afterAll(async () => {
    await host?.stop();
    host = undefined;
  });

  it('opens home, the chat, search and Settings with no network; a page never opened needs a connection; all resumes online', async () => {
    host = await hostApp(APP_DIST, basePath);
    await openSeededApp(host.url);
    await serviceWorkerInControl(page);
    await everythingUsedIsKept(page);
    // SPEC A1 with the worker active: no page's code is fetched before its route is visited, by the page or the worker.
    expect(pageChunks()).toEqual(['home-page']);

    // The chat page has never been opened: offline, it says so instead of failing.
    await goOffline();
    await markWindow();
    await nav(page).getByRole('link', { name: CHAT_TITLE }).click();
    await expect.poll(() => heading(page).textContent()).toBe('This page needs a connection');

    // Back online it opens, with no reload.
    await goOnline();
    await nav(page).getByRole('link', { name: CHAT_TITLE }).click();
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
    const note = page.getByRole('status').filter({ hasText: 'the model server cannot be reached' });
    await note.waitFor();
    await composer(page).fill('Still there?');
    await composer(page).press('Enter');
    await expect.poll(() => composer(page).inputValue()).toBe('Still there?');
    expect(await page.locator('li[data-message-id]').count()).toBe(2);

    // Home, search and Settings, offline.
    await nav(page).getByRole('link', { name: 'New chat' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('What shall we talk about?');
    await page.keyboard.press('Control+k');
    const search = page.getByRole('combobox', { name: 'Search chat titles and messages' });
    await search.pressSequentially(RARE);
    await page.getByRole('option', { name: new RegExp(CHAT_TITLE) }).waitFor();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+,');
    await settingsDialog(page).waitFor();
    await page.keyboard.press('Escape');
    await settingsDialog(page).waitFor({ state: 'hidden' });

    // Online again: the note goes, and the kept message is sent, all without a reload.
    model.setScript(textStream('Here again.'));
    await goOnline();
    await nav(page).getByRole('link', { name: CHAT_TITLE }).click();
    await expect.poll(() => composer(page).inputValue()).toBe('Still there?');
    await note.waitFor({ state: 'detached' });
    await composer(page).press('Enter');
    await page.getByText('Here again.').waitFor();
    expect(await stillSameWindow()).toBe(true);
  });
});
