import { Buffer } from 'node:buffer';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { activePayloads, PICTURE_PNG_BASE64, setPicturesMarker } from '../support/mcp-server/index.mjs';
import { startCouchServer, type CouchServer } from '../support/couch-server/index.mjs';
import { composer, openConnectedApp, sendFromHome } from './connected-app';
import { nav, openSettingsSection } from './locators';
import { pagePerTest } from './page-per-test';
import { addMcpServer, settingsDialog, toolServersPerFile, toolsSection } from './tools-app';
import { storedRows } from './stored-rows';

// Issue 20, finding 1: an SVG (or HTML) "picture" opened as a document runs with the app's origin,
// where it can read the API keys. Planted through every path bytes become a picture (the user's
// attach, a tool's result, a restored backup, a sync document written by the server's operator),
// each picture is then opened the ways a person can (thumbnail, viewer, its address in a new tab)
// and nothing of the planted script may run: no request to the marker server, no localStorage
// entry, no retitled tab.
const appUrl = inject('appUrl');
/** Long enough for a script in an opened tab to run and its requests to arrive. */
const SETTLE_MS = 700;
/** How long a step may wait on 2 busy cores; it ends as soon as it holds. */
const STEP_TIMEOUT_MS = 15_000;
/** Sync and restore journeys take a few steps of up to STEP_TIMEOUT_MS each. */
const JOURNEY_TIMEOUT_MS = 90_000;
const USER = 'ada';
const PASSWORD = 'correct horse';
/** Types a picture may be stored with (safe-picture-type.ts), plus the inert one. */
const STORABLE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif', 'image/bmp', 'application/octet-stream'];

const servers = toolServersPerFile({ pictures: true });
let page: Page;
const tabs = pagePerTest({
  failureScreenshot: '/tmp/shots/pictures-stay-inert-failure.png',
  onOpen: (opened) => {
    ({ page } = opened);
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
  },
});

/** The loopback server the planted script reports to, if it ever runs. */
let marker: Server;
let markerUrl = '';
const hits: string[] = [];
beforeAll(async () => {
  marker = createServer((req, res) => {
    hits.push(req.url ?? '');
    res.writeHead(204, { 'access-control-allow-origin': '*' }).end();
  });
  await new Promise<void>((resolve) => marker.listen(0, '127.0.0.1', resolve));
  markerUrl = `http://127.0.0.1:${(marker.address() as AddressInfo).port}`;
  setPicturesMarker(markerUrl);
});
afterAll(() => new Promise<void>((resolve) => marker.close(() => resolve())));

const payloads = () => activePayloads(markerUrl);
const base64 = (text: string) => Buffer.from(text).toString('base64');

/** Opens every folded block, so thumbnails inside tool results are on the page. */
async function unfoldAll() {
  const folded = page.locator('details:not([open]) > summary');
  while ((await folded.count()) > 0) await folded.first().click();
}

/**
 * Opens every picture the thread shows, as a person can: each thumbnail in the viewer, and every
 * blob: address on the page (thumbnail, viewer, links) in a tab of its own. Returns the titles
 * those tabs had and the addresses opened.
 */
async function openEveryPicture(): Promise<{ titles: string[]; opened: string[] }> {
  await unfoldAll();
  const addresses = new Set<string>();
  // A thumbnail still "loading" has no address to open (an inert row never gets one).
  const thumbnails = page.getByRole('button', { name: /^Open image / }).and(page.locator('[data-state="loaded"]'));
  for (let i = 0; i < (await thumbnails.count()); i++) {
    await thumbnails.nth(i).click();
    const shown = page.getByRole('dialog').locator('img');
    await shown.waitFor();
    addresses.add((await shown.getAttribute('src'))!);
    await page.keyboard.press('Escape');
  }
  const onPage = await page.evaluate(() =>
    [...document.querySelectorAll('[src^="blob:"], [href^="blob:"]')].map((element) => element.getAttribute('src') ?? element.getAttribute('href')!),
  );
  for (const address of onPage) addresses.add(address);
  const titles: string[] = [];
  for (const address of addresses) {
    const tab = await tabs.newPage();
    // An inert type is downloaded, not shown: that navigation "fails", which is the point.
    await tab.goto(address).catch(() => undefined);
    await tab.waitForTimeout(SETTLE_MS);
    titles.push(await tab.title().catch(() => ''));
    await tab.close();
  }
  return { titles, opened: [...addresses] };
}

/** Nothing planted ran: no report reached the marker server, no tab was retitled, nothing was written. */
async function expectNothingRan(titles: string[]) {
  await page.waitForTimeout(SETTLE_MS);
  expect(hits).toEqual([]);
  expect(titles.filter((title) => title === 'PWNED')).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('pwned'))).toBeNull();
}

/** Every stored picture keeps an allowlisted raster type, field and bytes alike. */
async function storedPictureTypes(): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('parley');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('attachments').objectStore('attachments').getAll();
          all.onsuccess = () => {
            open.result.close();
            const rows = all.result as { kind: string; mimeType: string; blob?: Blob }[];
            resolve(rows.filter((row) => row.kind === 'image').flatMap((row) => [row.mimeType, row.blob?.type ?? '(no blob)']));
          };
        };
      }),
  );
}

const unsafeNotes = () => page.locator('[data-state="unsafe"]');

afterEach(() => {
  hits.length = 0;
});

describe('an SVG or HTML picture never runs with the app’s origin', () => {
  it('attached by the user: an SVG and an HTML file are text, an SVG named .png is refused, a PNG is a picture', async () => {
    await openConnectedApp(page, appUrl, servers.server);
    const { svg, html } = payloads();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Attach files' }).click();
    await (await chooser).setFiles([
      { name: 'drawing.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(svg) },
      { name: 'page.html', mimeType: 'text/html', buffer: Buffer.from(html) },
      { name: 'disguised.png', mimeType: 'image/png', buffer: Buffer.from(svg) },
      { name: 'dot.png', mimeType: 'image/png', buffer: Buffer.from(PICTURE_PNG_BASE64, 'base64') },
    ]);
    const tray = page.getByRole('list', { name: 'Attachments' });
    await tray.locator('[data-state="ready"]').nth(2).waitFor();
    await tray.locator('[data-state="error"]').waitFor();
    expect(await tray.locator('[data-state="error"]').textContent()).toContain('disguised.png could not be opened as an image');
    await composer(page).fill('files');
    await composer(page).press('Enter');
    await page.waitForURL(/\/chat\/[^/]+$/);
    await page.getByRole('button', { name: 'Open image dot.png' }).waitFor();

    const { titles, opened } = await openEveryPicture();
    // The PNG was opened (thumbnail and viewer): the check is not vacuous.
    expect(opened.length).toBeGreaterThanOrEqual(2);
    await expectNothingRan(titles);
    expect(await storedPictureTypes()).toEqual(['image/png', 'image/png']);
  });

  it('returned by a tool: the PNG shows, the SVG, HTML and malformed types are named and not shown', async () => {
    await openConnectedApp(page, appUrl, servers.server);
    await openSettingsSection(page, 'Tools');
    await settingsDialog(page).waitFor();
    await addMcpServer(page, 'Test tools', servers.mcp.url);
    await toolsSection(page).getByRole('list', { name: 'Tools of Test tools' }).waitFor();
    await page.keyboard.press('Escape');
    await sendFromHome(page, 'hello');
    await page.getByRole('button', { name: 'Tools', exact: true }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Test tools' }).click();
    await page.keyboard.press('Escape');
    await composer(page).fill('call pictures');
    await composer(page).press('Enter');
    await page.locator('.tool-call[data-state="pending"]').getByRole('button', { name: 'Approve' }).click();
    const result = page.getByRole('article', { name: 'Tool result' }).filter({ hasText: 'Result of pictures' });
    await result.locator('summary').click();
    await result.getByRole('button', { name: 'Open image pictures-1.png' }).waitFor();

    // Named from the safe type, never from the declared one (`pictures-3.svgxml`, `.html`).
    expect(await unsafeNotes().allTextContents()).toEqual(
      ['pictures-2.bin', 'pictures-3.bin', 'pictures-4.bin', 'pictures-5.bin'].map((name) => expect.stringContaining(`${name} is not shown`)),
    );
    const { titles, opened } = await openEveryPicture();
    expect(opened.length).toBeGreaterThanOrEqual(2);
    await expectNothingRan(titles);
    const types = await storedPictureTypes();
    expect(types.every((type) => STORABLE_TYPES.includes(type))).toBe(true);
    expect(types.filter((type) => type === 'image/png')).toHaveLength(2);
  });

  it('restored from a crafted backup: SVG, HTML and malformed types are kept as inert data', async () => {
    await page.goto(appUrl);
    await nav(page).waitFor();
    const { svg, html } = payloads();
    const at = Date.UTC(2026, 0, 2);
    const file = (id: string, name: string, mimeType: string, bytes: Buffer) => ({ id, messageId: 'm1', kind: 'image', name, mimeType, size: bytes.length, createdAt: at, width: 40, height: 40, data: bytes.toString('base64'), dataType: mimeType });
    const files = [
      file('f-png', 'dot.png', 'image/png', Buffer.from(PICTURE_PNG_BASE64, 'base64')),
      file('f-svg', 'drawing.svg', 'image/svg+xml', Buffer.from(svg)),
      file('f-html', 'page.html', 'text/html', Buffer.from(html)),
      file('f-bad', 'odd.pic', 'image/"><img src=x onerror=alert(1)>', Buffer.from(svg)),
    ];
    // One ref lies: it says PNG while its file is an SVG; the row, not the ref, decides.
    const refs = files.map(({ id, name, mimeType, size, width, height }) => ({ id, kind: 'image', name, size, width, height, mimeType: id === 'f-bad' ? 'image/png' : mimeType }));
    const backup = {
      format: 'parley.backup',
      version: 1,
      exportedAt: new Date(at).toISOString(),
      includesApiKeys: false,
      settings: {},
      connections: [],
      chats: [
        {
          chat: { id: 'evil-chat', title: 'Holiday pictures', titleSource: 'user', createdAt: at, updatedAt: at, pinned: false, currentLeafId: 'm1' },
          messages: [{ id: 'm1', chatId: 'evil-chat', parentId: null, role: 'user', content: 'Look', status: 'complete', createdAt: at, attachments: refs }],
          attachments: files,
        },
      ],
    };
    await openSettingsSection(page, 'Data');
    const data = settingsDialog(page).getByRole('region', { name: 'Data' });
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), data.getByRole('button', { name: 'Restore from a backup' }).click()]);
    await chooser.setFiles({ name: 'backup.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(backup)) });
    // A restore shows what it would add first (issue 20, finding 4).
    await data.getByRole('group', { name: 'Restore backup.json?' }).getByRole('button', { name: 'Restore', exact: true }).click();
    await data.getByText(/^Restored 1 chat with 1 message and 4 files\./).waitFor();
    await page.keyboard.press('Escape');
    await nav(page).getByRole('link', { name: 'Holiday pictures' }).click();
    await page.getByRole('button', { name: 'Open image dot.png' }).waitFor();

    const { titles, opened } = await openEveryPicture();
    expect(opened.length).toBeGreaterThanOrEqual(2);
    await expectNothingRan(titles);
    // The lying ref (PNG, for an SVG row) gets a note like the others, never a thumbnail.
    await expect.poll(() => unsafeNotes().count()).toBe(3);
    expect(await unsafeNotes().allTextContents()).toEqual(['drawing.svg', 'page.html', 'odd.pic'].map((name) => expect.stringContaining(`${name} is not shown`)));
    expect(await page.getByRole('button', { name: /^Open image / }).count()).toBe(1);
    expect((await storedPictureTypes()).sort()).toEqual([...Array(6).fill('application/octet-stream'), 'image/png', 'image/png']);
  }, JOURNEY_TIMEOUT_MS);

  it('stored by an older version (an SVG row in IndexedDB): shown as a note, its bytes never get an address', async () => {
    await page.goto(appUrl);
    await nav(page).waitFor();
    const { svg } = payloads();
    const at = Date.UTC(2026, 0, 3);
    // Written as a version without the type check stored a tool's SVG: the row and its ref as they were.
    await page.evaluate(
      ({ svg, at }) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('parley');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction(['chats', 'messages', 'attachments'], 'readwrite');
            const picture = (id: string, name: string, mimeType: string) => ({ id, kind: 'image', name, mimeType, size: svg.length, width: 40, height: 40 });
            tx.objectStore('chats').put({ id: 'old-chat', title: 'Old pictures', titleSource: 'user', createdAt: at, updatedAt: at, pinned: false, currentLeafId: 'o1' });
            tx.objectStore('messages').put({ id: 'o1', chatId: 'old-chat', parentId: null, role: 'user', content: 'Old', status: 'complete', createdAt: at, attachments: [picture('o-svg', 'old.svg', 'image/svg+xml'), picture('o-lie', 'old.png', 'image/png')] });
            for (const [id, name] of [['o-svg', 'old.svg'], ['o-lie', 'old.png']]) {
              tx.objectStore('attachments').put({ ...picture(id!, name!, 'image/svg+xml'), createdAt: at, chatId: 'old-chat', messageId: 'o1', blob: new Blob([svg], { type: 'image/svg+xml' }) });
            }
            tx.oncomplete = () => {
              open.result.close();
              resolve();
            };
            tx.onerror = () => reject(tx.error);
          };
        }),
      { svg, at },
    );
    await page.reload();
    await nav(page).getByRole('link', { name: 'Old pictures' }).click();
    await page.getByText('Old', { exact: true }).waitFor();
    await page.waitForTimeout(SETTLE_MS);
    const { titles } = await openEveryPicture();
    await expectNothingRan(titles);
    // The ref that says PNG is not believed: its stored row is an SVG.
    await expect.poll(() => unsafeNotes().count()).toBe(2);
    expect(await unsafeNotes().allTextContents()).toEqual([expect.stringContaining('old.svg is not shown'), expect.stringContaining('old.png is not shown')]);
    expect(await page.getByRole('button', { name: /^Open image / }).count()).toBe(0);
    expect(await page.evaluate(() => document.querySelectorAll('[src^="blob:"], [href^="blob:"]').length)).toBe(0);
  });

  describe('written into the sync database by its operator (encryption off)', () => {
    let couch: CouchServer;
    beforeAll(async () => {
      couch = await startCouchServer({ auth: 'basic', user: USER, password: PASSWORD });
    });
    afterAll(() => couch.close());

    /** PUTs a document straight into the server's database, as its operator can. */
    async function operatorPut(id: string, doc: Record<string, unknown>) {
      const response = await fetch(`${couch.url}/parley/${encodeURIComponent(id)}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}` },
        body: JSON.stringify(doc),
      });
      expect(response.status, await response.clone().text()).toBeLessThan(300);
    }

    it('its SVG and HTML pictures arrive as inert data and nothing runs', async () => {
      await page.goto(appUrl);
      await page.getByRole('button', { name: 'Settings' }).click();
      await openSettingsSection(page, 'Sync');
      const dialog = settingsDialog(page);
      await dialog.getByRole('textbox', { name: 'CouchDB address' }).fill(couch.url);
      await dialog.getByRole('textbox', { name: 'User name' }).fill(USER);
      await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await dialog.getByRole('button', { name: 'Turn on sync' }).click();
      await dialog.getByRole('status').getByText(/^Sync is on with parley at /).waitFor();
      await page.keyboard.press('Escape');

      const { svg, html } = payloads();
      const at = Date.now();
      const planted = [
        { id: 's-png', name: 'dot.png', mimeType: 'image/png', bytes: Buffer.from(PICTURE_PNG_BASE64, 'base64') },
        { id: 's-svg', name: 'drawing.svg', mimeType: 'image/svg+xml', bytes: Buffer.from(svg) },
        { id: 's-html', name: 'page.html', mimeType: 'text/html', bytes: Buffer.from(html) },
        { id: 's-bad', name: 'odd.pic', mimeType: 'image/"><img src=x onerror=alert(1)>', bytes: Buffer.from(svg) },
      ];
      const refs = planted.map(({ id, name, mimeType, bytes }) => ({ id, kind: 'image', name, size: bytes.length, width: 40, height: 40, mimeType: id === 's-bad' ? 'image/png' : mimeType }));
      await operatorPut('chat:sync-evil', { type: 'chat', changedAt: at, chat: { id: 'sync-evil', title: 'Synced pictures', titleSource: 'user', createdAt: at, updatedAt: at, pinned: false, currentLeafId: 'sm1' } });
      await operatorPut('msg:sync-evil:sm1', { type: 'msg', changedAt: at, message: { id: 'sm1', chatId: 'sync-evil', parentId: null, role: 'user', content: 'Look', status: 'complete', createdAt: at, attachments: refs } });
      for (const { id, name, mimeType, bytes } of planted) {
        await operatorPut(`att:sync-evil:${id}`, {
          type: 'att',
          changedAt: at,
          attachment: { id, kind: 'image', name, mimeType, size: bytes.length, createdAt: at, width: 40, height: 40, chatId: 'sync-evil', messageId: 'sm1', binaryField: 'blob' },
          _attachments: { data: { content_type: mimeType.startsWith('image/"') ? 'application/octet-stream' : mimeType, data: bytes.toString('base64') } },
        });
      }

      await nav(page).getByRole('link', { name: 'Synced pictures' }).click({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Open image dot.png' }).and(page.locator('[data-state="loaded"]')).waitFor({ timeout: 30_000 });
      const { titles, opened } = await openEveryPicture();
      expect(opened.length).toBeGreaterThanOrEqual(2);
      await expectNothingRan(titles);
      await expect.poll(() => unsafeNotes().count()).toBe(3);
      await expect.poll(storedPictureTypes, { timeout: STEP_TIMEOUT_MS }).toEqual(expect.arrayContaining(['image/png']));
      expect((await storedPictureTypes()).every((type) => STORABLE_TYPES.includes(type))).toBe(true);
      expect((await storedRows(page, 'messages')).length).toBeGreaterThan(0);
    }, JOURNEY_TIMEOUT_MS);
  });
});
