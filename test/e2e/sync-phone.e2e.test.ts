// Issue 25's journey on a phone (390×844, touch), each stop checked in light and dark: a new device turns on sync
// by finger while the server holds 1,000 chats; Settings → Sync shows the first sync's progress
// (axe-clean, every control a finger's size), the pull runs in its worker, a message written in
// the meantime stays in the message box, and the history arrives: the drawer says Synced and the
// newest chat opens with its messages. Pictures of each stop go to PARLEY_SHOTS when it is set.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, type TestBrowser } from '../support/browser.mjs';
import { startCouchServer, type CouchServer } from '../support/couch-server/index.mjs';
import { seedAccount } from '../support/couch-server/seed-account.mjs';
import { composer, nav as navOf, settingsSectionButton } from './locators';
import { axeViolations, checkStop, VIEWPORTS } from './screen-checks';
import { checkTouchTargets } from './touch-targets';

const appUrl = inject('modelAppUrl');
const USER = 'ada';
const PASSWORD = 'phone sync';
const CHATS = 1_000;
const MESSAGES_PER_CHAT = 10;
/** Seeding, the first sync of 11,000 documents and two themes' checks on a loaded two-core machine. */
const JOURNEY_TIMEOUT_MS = 150_000;
const SYNC_TIMEOUT_MS = 90_000;
/** Longer than the colour transitions a theme change starts, so axe measures the final colours. */
const THEME_SETTLE_MS = 400;
const SHOTS = process.env.PARLEY_SHOTS;

let couch: CouchServer | undefined;
let browser: TestBrowser | undefined;
afterEach(async () => {
  await browser?.close();
  await couch?.close();
  browser = undefined;
  couch = undefined;
});

async function shot(page: Page, name: string, scheme: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}-390-${scheme}.png`) });
}

/** Runs a stop's checks in the light theme, then in the dark one (one first sync serves both). */
async function inBothThemes(page: Page, check: (scheme: 'light' | 'dark') => Promise<void>) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(scheme);
    await page.waitForTimeout(THEME_SETTLE_MS);
    await check(scheme);
  }
}

const pullWorkers = (page: Page) => page.workers().filter((worker) => /\/sync-worker-[^/]+\.js$/.test(worker.url())).length;

describe('a first sync on a phone', () => {
  it('turned on by finger: progress in Settings → Sync, a message written meanwhile kept, then the whole history', { timeout: JOURNEY_TIMEOUT_MS }, async () => {
    couch = await startCouchServer({ auth: 'basic', user: USER, password: PASSWORD });
    const headers = { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}` };
    const total = await seedAccount({ server: couch, db: 'parley', headers, chats: CHATS, messages: CHATS * MESSAGES_PER_CHAT });
    browser = await launchBrowser({ viewport: VIEWPORTS.phone, hasTouch: true, isMobile: true });
    const page = await browser.newPage();
    await page.goto(appUrl);
    await composer(page).waitFor();

    await page.getByRole('button', { name: 'Open sidebar' }).tap();
    await navOf(page).getByRole('button', { name: 'Settings' }).tap();
    await settingsSectionButton(page, 'Sync').tap();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    const section = settings.getByRole('region', { name: 'Sync' });
    for (const [field, value] of [
      [section.getByRole('textbox', { name: 'CouchDB address' }), couch.url],
      [section.getByRole('textbox', { name: 'User name' }), USER],
      [section.getByLabel('Password', { exact: true }), PASSWORD],
    ] as const) {
      await field.tap();
      await field.fill(value);
      expect(await field.inputValue()).toBe(value);
    }
    await section.getByRole('button', { name: 'Turn on sync' }).tap();
    await section.getByRole('status').getByText(/^Sync is on with parley at /).waitFor({ timeout: SYNC_TIMEOUT_MS });

    // The first sync's progress, named by its text, counting towards everything the server holds.
    const progress = section.getByRole('progressbar', { name: new RegExp(`^[\\d,]+ of ${total.toLocaleString('en-US')} items synced$`) });
    await progress.waitFor({ timeout: SYNC_TIMEOUT_MS });
    // What the button started is brought into view: on a phone the buttons end the screen.
    const onScreen = () =>
      progress.evaluate((bar) => {
        const box = bar.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return hit !== null && (hit === bar || bar.contains(hit));
      });
    await expect.poll(onScreen).toBe(true);
    await expect.poll(() => pullWorkers(page)).toBe(1);
    await checkTouchTargets(page, 'Settings → Sync while syncing', 'dialog[open]');
    await inBothThemes(page, async (scheme) => {
      expect(await axeViolations(page, section), `Settings → Sync while syncing, ${scheme}`).toEqual([]);
      await shot(page, 'sync-progress', scheme);
    });

    // The phone is usable meanwhile: Done, and two lines into the message box (Return adds a line on a phone).
    await settings.getByRole('button', { name: 'Done' }).tap();
    await settings.waitFor({ state: 'detached' });
    await navOf(page).getByRole('button', { name: 'Close sidebar' }).tap();
    await composer(page).tap();
    await page.keyboard.type('Written while');
    await page.keyboard.press('Enter');
    await page.keyboard.type('the history arrives');

    await page.getByRole('button', { name: 'Open sidebar' }).tap();
    const status = page.locator('.sidebar__footer').getByRole('status');
    await status.filter({ hasText: /^Synced$/ }).waitFor({ timeout: SYNC_TIMEOUT_MS });
    const newest = navOf(page).getByRole('link', { name: `Bench chat ${CHATS - 1}`, exact: true });
    await newest.waitFor({ timeout: SYNC_TIMEOUT_MS });
    await checkTouchTargets(page, 'the drawer after the first sync', 'nav.sidebar');
    await inBothThemes(page, async (scheme) => {
      await checkStop(page, `the drawer after the first sync, ${scheme}`);
      await shot(page, 'sync-drawer-synced', scheme);
    });
    await navOf(page).getByRole('button', { name: 'Close sidebar' }).tap();
    // The thousand chats that arrived did not touch the draft.
    expect(await composer(page).inputValue()).toBe('Written while\nthe history arrives');

    await page.getByRole('button', { name: 'Open sidebar' }).tap();
    await newest.tap();
    await page.waitForURL(/\/chat\/bench000999$/);
    // The newest chat's last message, as test/support/couch-server/seed-account.mjs words it.
    await page.getByText(`Answer ${MESSAGES_PER_CHAT - 1} of chat ${CHATS - 1}: the quick brown fox jumps over the lazy dog, twice over, for a realistic length.`, { exact: true }).waitFor();
    await inBothThemes(page, async (scheme) => {
      await checkStop(page, `the newest chat, synced, ${scheme}`);
      await shot(page, 'sync-chat', scheme);
    });
  });
});
