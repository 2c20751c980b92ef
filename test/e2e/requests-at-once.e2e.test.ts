// Issue 38 in Chromium: Settings → Connections → Requests at once, at phone size and by keyboard:
// the hint says what Automatic does for this (local) server, a bad number is refused, 2 is
// stored as the connection's maxConcurrent and shows again after a reload.
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { OpenAiServer } from '../support/openai-server/index.mjs';
import { openConnectedApp } from './connected-app';
import { openSettingsSection, settingsDialog } from './locators';
import { modelServerPerFile, pagePerTest } from './page-per-test';
import { axeViolations } from './screen-checks';
import { storedRows, untilStored } from './stored-rows';

const appUrl = inject('appUrl');
let server: OpenAiServer;
let page: Page;

modelServerPerFile(undefined, (started) => {
  server = started;
});
pagePerTest({
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
  onOpen: (opened) => {
    page = opened.page;
    // A step that cannot happen fails on its own line, well inside the test's time.
    page.setDefaultTimeout(8000);
  },
});

type StoredConnection = { id: string; maxConcurrent?: number };
const storedConnections = async () => ((await storedRows<{ key: string; value: StoredConnection[] }>(page, 'settings')).find((row) => row.key === 'connections')?.value ?? []);
const field = () => settingsDialog(page).getByRole('textbox', { name: 'Requests at once' });

/** Opens the connection's card in Settings → Connections (after a reload, the address keeps the section open). */
async function openEditor(reopened = false) {
  if (!reopened) await openSettingsSection(page, 'Connections and models');
  const card = settingsDialog(page).getByRole('button', { name: /^Test server/ });
  await card.focus();
  await page.keyboard.press('Enter');
  await field().waitFor();
}

describe('Requests at once', () => {
  it('sets 2 by keyboard at 390 px: refused when out of range, stored as maxConcurrent, shown again after a reload', async () => {
    // A custom server on this machine: llama.cpp may be behind it, so Automatic reads its slots.
    await openConnectedApp(page, appUrl, server);
    await openEditor();
    await expect.poll(() => field().getAttribute('placeholder')).toBe('Automatic');
    await expect.poll(() => field().inputValue()).toBe('');
    const hint = settingsDialog(page).getByText(/^Automatic: /);
    expect(await hint.textContent()).toBe('Automatic: as many as the server’s slots (one if it does not say).');

    await field().focus();
    await page.keyboard.type('99');
    await page.keyboard.press('Enter');
    const alert = settingsDialog(page).getByRole('alert');
    await expect.poll(() => alert.textContent()).toBe('Enter a whole number from 1 to 16, or leave it empty for Automatic. Not saved.');
    expect(await field().getAttribute('aria-invalid')).toBe('true');
    // The field, its error and its hints, as a screen reader meets them.
    expect(await axeViolations(page, settingsDialog(page))).toEqual([]);

    await page.keyboard.press('Control+a');
    await page.keyboard.type('2');
    await page.keyboard.press('Tab');
    await expect.poll(() => alert.count()).toBe(0);
    await untilStored<{ key: string; value: StoredConnection[] }>(page, 'settings', (row) => row.key === 'connections' && row.value[0]?.maxConcurrent === 2);
    expect(await storedConnections()).toEqual([expect.objectContaining({ id: 'test', maxConcurrent: 2 })]);

    // The field fits the phone's width: nothing sticks out of the dialog.
    const [box, dialog] = await Promise.all([field().boundingBox(), settingsDialog(page).boundingBox()]);
    expect(box!.x).toBeGreaterThanOrEqual(dialog!.x);
    expect(box!.x + box!.width).toBeLessThanOrEqual(dialog!.x + dialog!.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await page.reload();
    await openEditor(true);
    await expect.poll(() => field().inputValue()).toBe('2');

    // Use Automatic: back to no limit of the user's, and focus on the field.
    await settingsDialog(page).getByRole('button', { name: 'Use Automatic' }).click();
    await expect.poll(() => field().inputValue()).toBe('');
    expect(await field().evaluate((element) => element === document.activeElement)).toBe(true);
    await untilStored<{ key: string; value: StoredConnection[] }>(page, 'settings', (row) => row.key === 'connections' && row.value[0] !== undefined && !('maxConcurrent' in row.value[0]));
  });
});
