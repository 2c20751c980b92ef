import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, type TestBrowser } from '../support/browser.mjs';
import { startCouchServer, type CouchServer } from '../support/couch-server/index.mjs';
import { sendFromHome } from './connected-app';
import { nav as navOf } from './locators';
import { axeViolations } from './screen-checks';

// Sync (issue 15): two separate browser profiles (two IndexedDBs: two devices) and the real
// CouchDB-protocol test server. Two profiles are costly on a small machine: one journey, kept short.
const appUrl = inject('modelAppUrl');
const USER = 'ada';
const PASSWORD = 'correct horse';
/** Replication is live but asynchronous: a change reaches the other profile within seconds. */
const SYNC_TIMEOUT_MS = 20_000;

let couch: CouchServer;
const browsers: TestBrowser[] = [];

beforeEach(async () => {
  couch = await startCouchServer({ auth: 'basic', user: USER, password: PASSWORD });
});
afterEach(async () => {
  for (const browser of browsers.splice(0)) await browser.close();
  await couch.close();
});

async function device(): Promise<Page> {
  const browser = await launchBrowser();
  browsers.push(browser);
  const page = await browser.newPage();
  await page.goto(appUrl);
  return page;
}

/** Opens Settings and fills in the Sync section; returns the dialog. */
async function fillSync(page: Page, password = PASSWORD) {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('textbox', { name: 'CouchDB address' }).fill(couch.url);
  await dialog.getByRole('textbox', { name: 'User name' }).fill(USER);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  return dialog;
}

/** The sidebar footer's status line. */
const syncStatus = (page: Page) => page.locator('.sidebar__footer').getByRole('status');

async function turnOnSync(page: Page) {
  const dialog = await fillSync(page);
  await dialog.getByRole('button', { name: 'Turn on sync' }).click();
  await dialog.getByRole('status').getByText(/^Sync is on with parley at /).waitFor();
  await page.keyboard.press('Escape');
  await syncStatus(page).filter({ hasText: /^Synced$/ }).waitFor({ timeout: SYNC_TIMEOUT_MS });
}

describe('sync between two browser profiles', () => {
  it('a chat created on A appears on B, and a rename on B reaches A', async () => {
    const [a, b] = [await device(), await device()];
    await turnOnSync(a);
    await turnOnSync(b);

    await sendFromHome(a, 'Plan a trip to Lisbon');
    await a.getByText('Echo: Plan a trip to Lisbon', { exact: true }).waitFor();
    const onB = navOf(b).getByRole('link', { name: 'Plan a trip to Lisbon' });
    await onB.waitFor({ timeout: SYNC_TIMEOUT_MS });
    await onB.click();
    await b.getByText('Echo: Plan a trip to Lisbon', { exact: true }).waitFor({ timeout: SYNC_TIMEOUT_MS });

    await navOf(b).getByRole('button', { name: 'Options for Plan a trip to Lisbon' }).click();
    await b.getByRole('menuitem', { name: 'Rename' }).click();
    const field = navOf(b).getByRole('textbox', { name: 'Chat title' });
    await field.fill('Lisbon in May');
    await field.press('Enter');
    await navOf(a).getByRole('link', { name: 'Lisbon in May' }).waitFor({ timeout: SYNC_TIMEOUT_MS });
    expect(await navOf(a).getByRole('link', { name: 'Plan a trip to Lisbon' }).count()).toBe(0);
    expect(await axeViolations(a)).toEqual([]);

    // Sync was turned on once: it starts again by itself when the app opens.
    await b.reload();
    await syncStatus(b).filter({ hasText: /^Synced$/ }).waitFor({ timeout: SYNC_TIMEOUT_MS });
  });

  it('Test names a wrong password, and CORS not enabled with the lines to add', async () => {
    const page = await device();
    const dialog = await fillSync(page, 'wrong');
    await dialog.getByRole('button', { name: 'Test' }).click();
    await dialog.getByRole('status').getByText('Wrong user name or password.').waitFor();
    expect(await dialog.locator('[data-reason]').getAttribute('data-reason')).toBe('unauthorized');

    couch.settings.cors = false;
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Test' }).click();
    await dialog.getByText(/CORS is not enabled/).waitFor();
    const config = await dialog.locator('[data-reason="cors"] pre').textContent();
    expect(config).toContain('enable_cors = true');
    expect(config).toContain(`origins = ${new URL(appUrl).origin}`);
    expect(await axeViolations(page)).toEqual([]);
  });
});
