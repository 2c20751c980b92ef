import { describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { sendFromHome } from './connected-app';
import { composer as composerOf, heading as headingOf, nav as navOf, toasts as toastsOf } from './locators';
import { pagePerTest } from './page-per-test';
import { axeViolations } from './screen-checks';

/**
 * The journey of someone whose disk fills up mid-chat: what storage refused stays on screen,
 * marked "Not saved", the warning says how full storage is and what to do, and once there is
 * room again "Try again" stores everything, so a reload still has it all.
 */

// The app with the deterministic echo model (test/support/e2e-app): every reply is "Echo: <message>".
const appUrl = inject('modelAppUrl');
const at = (path: string) => new URL(path.replace(/^\//, ''), appUrl).href;

/**
 * A full disk, for real: IndexedDB's own put and add throw QuotaExceededError while the page's
 * flag is set, exactly where a browser out of quota throws it. Reloading starts with room again.
 */
const FULL_DISK_SCRIPT = `
  window.__diskFull = false;
  for (const method of ['put', 'add']) {
    const original = IDBObjectStore.prototype[method];
    IDBObjectStore.prototype[method] = function (...args) {
      if (window.__diskFull) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return original.apply(this, args);
    };
  }
`;

let page: Page;

pagePerTest({
  async onOpen(opened) {
    page = opened.page;
    await page.addInitScript(FULL_DISK_SCRIPT);
  },
});

const nav = () => navOf(page);
const heading = () => headingOf(page);
const composer = () => composerOf(page);
/** Every "Not saved" mark on the page (the warning's own text mentions them too, so exact). */
const marks = () => page.getByText('Not saved', { exact: true });
const toasts = () => toastsOf(page);
const setDiskFull = (full: boolean) => page.evaluate((value) => ((window as unknown as { __diskFull: boolean }).__diskFull = value), full);

/** The text of the elements an element's aria-describedby names: what a screen reader adds after its name. */
const description = (locator: Locator) =>
  locator.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );

/** Whether leaving the page now would ask first. */
const leavingAsks = () =>
  page.evaluate(() => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });

/** Starts a chat from the home page, reached inside the app: a page load would drop what is only in memory. */
async function startChat(text: string) {
  await nav().getByRole('link', { name: /^New chat/ }).click();
  await page.waitForURL((url) => url.pathname === new URL(at('/')).pathname);
  await sendFromHome(page, text);
  await page.getByText(`Echo: ${text}`, { exact: true }).waitFor();
}

describe('storage full', () => {
  it('marks what was not saved, says how full storage is, and stores it all once there is room', async () => {
    await page.goto(at('/'));
    await startChat('Stored chat');
    const storedPath = new URL(page.url()).pathname;
    expect(await marks().count()).toBe(0);

    await setDiskFull(true);

    // A message and its reply.
    await composer().fill('Sent while full');
    await composer().press('Enter');
    await page.getByText('Echo: Sent while full', { exact: true }).waitFor();
    const unsavedArticles = page.getByRole('article').filter({ hasText: 'Not saved' });
    await expect.poll(() => unsavedArticles.count()).toBe(2);
    expect(await unsavedArticles.nth(0).getByText('Sent while full', { exact: true }).count()).toBe(1);
    expect(await unsavedArticles.nth(1).getByText('Echo: Sent while full', { exact: true }).count()).toBe(1);
    expect(await page.getByRole('article').filter({ hasText: 'Stored chat' }).filter({ hasText: 'Not saved' }).count()).toBe(0);

    // The warning, in the page above the message box (not a toast over the header's buttons):
    // how much is used of how much, what to do, and Try again.
    const warning = page.getByRole('alert').filter({ hasText: 'Storage is full' });
    await warning.waitFor();
    expect(await toasts().filter({ hasText: 'Storage is full' }).count()).toBe(0);
    expect(await warning.textContent()).toMatch(/Parley uses \S+ [a-zA-Z]+ of \S+ [a-zA-Z]+ allowed\. Delete chats you no longer need, or free space in the browser’s site settings\./);
    expect(await warning.getByRole('button', { name: 'Try again' }).count()).toBe(1);

    // A rename: the new title stays, marked. The header's buttons are free to click.
    await page.getByRole('main').getByRole('button', { name: 'Rename', exact: true }).click();
    const titleField = page.getByRole('textbox', { name: 'Chat title' });
    await titleField.fill('Renamed while full');
    await titleField.press('Enter');
    await expect.poll(() => heading().textContent()).toBe('Renamed while full');
    // Marked once storage has refused the write, a moment after the title shows.
    await expect.poll(() => description(heading())).toBe('Not saved');

    // A new chat.
    await startChat('New while full');
    expect(await heading().textContent()).toBe('New while full');
    await expect.poll(() => description(heading())).toBe('Not saved');
    await expect.poll(() => page.getByRole('article').filter({ hasText: 'Not saved' }).count()).toBe(2);

    // The history marks both chats, in words for a screen reader and as an icon on screen.
    for (const title of ['Renamed while full', 'New while full']) {
      const link = nav().getByRole('link', { name: title, exact: true });
      expect(await description(link)).toBe('Not saved');
    }
    expect(await nav().locator('[data-state="unsaved"] svg').count()).toBe(2);
    // Two messages and the title here, two chats in the history.
    expect(await marks().count()).toBe(5);
    expect(await leavingAsks()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // Room again: Try again stores everything and the warning turns into the all-clear.
    const tryAgain = page.getByRole('alert').filter({ hasText: 'Storage is full' }).getByRole('button', { name: 'Try again' });
    await tryAgain.focus();
    await setDiskFull(false);
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Everything is saved' }).waitFor();
    await expect.poll(() => marks().count()).toBe(0);
    expect(await description(heading())).toBe('');
    expect(await leavingAsks()).toBe(false);

    // A reload reads only what storage has: all four are there.
    await page.reload();
    await nav().getByRole('link', { name: 'New while full', exact: true }).waitFor();
    await page.getByText('Echo: New while full', { exact: true }).waitFor();
    await nav().getByRole('link', { name: 'Renamed while full', exact: true }).click();
    await page.waitForURL((url) => url.pathname === storedPath);
    await page.getByText('Echo: Sent while full', { exact: true }).waitFor();
    expect(await heading().textContent()).toBe('Renamed while full');
    expect(await page.getByText('Sent while full', { exact: true }).count()).toBe(1);
    expect(await marks().count()).toBe(0);
  });
});
