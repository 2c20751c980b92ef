// Settings → Search (issue 37) in real Chromium: Check against the SearXNG test server in each
// mode, and a port where nothing answers, each with the doctor's finding and fix; on a phone by
// touch and on a laptop by keyboard alone, light and dark, axe clean.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startSearxngServer, type RunningSearxngServer } from '../support/searxng-server/index.mjs';
import { composer, settingsDialog, settingsSectionButton } from './locators';
import { pagePerTest } from './page-per-test';
import { axeViolations, horizontalOverflow, VIEWPORTS } from './screen-checks';
import { checkTouchTargets } from './touch-targets';

const appUrl = inject('appUrl');
const SHOTS = process.env.E2E_SCREENSHOTS;
let searxng: RunningSearxngServer;
beforeAll(async () => {
  searxng = await startSearxngServer();
});
afterAll(() => searxng.close());

async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const section = (page: Page) => settingsDialog(page).getByRole('region', { name: 'Search' });
const finding = (page: Page) => section(page).locator('.search-section__diagnosis [role="status"]');

/** Whether the element is wholly inside what its scrolling box (the dialog's body) shows, and the window. */
function insideItsScroller(element: Element): boolean {
  const box = element.getBoundingClientRect();
  let view = { top: 0, bottom: innerHeight };
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    const { overflowY } = getComputedStyle(parent);
    if ((overflowY === 'auto' || overflowY === 'scroll') && parent.scrollHeight > parent.clientHeight) {
      const shown = parent.getBoundingClientRect();
      view = { top: Math.max(view.top, shown.top), bottom: Math.min(view.bottom, shown.bottom) };
      break;
    }
  }
  return box.top >= view.top - 1 && box.bottom <= view.bottom + 1;
}

/** Types `address` and checks it; resolves once the doctor's finding for `mode` shows. */
async function checkIn(page: Page, address: string, expected: RegExp, by: 'touch' | 'keyboard') {
  const field = section(page).getByRole('textbox', { name: 'SearXNG address' });
  const check = section(page).getByRole('button', { name: 'Check' });
  if (by === 'touch') {
    await field.tap();
    await field.fill(address);
    await check.tap();
  } else {
    await field.focus();
    await page.keyboard.press('Control+a');
    await page.keyboard.type(address);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await check.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
  }
  await expect.poll(() => finding(page).textContent(), { timeout: 20_000 }).toMatch(expected);
  // Brought into view, on a phone too, where it starts below the dialog's fold.
  await expect.poll(() => finding(page).evaluate(insideItsScroller)).toBe(true);
}

async function journey(page: Page, by: 'touch' | 'keyboard', name: string) {
  await page.goto(appUrl);
  await composer(page).waitFor();
  await page.keyboard.press('Control+,');
  if (by === 'touch') await settingsSectionButton(page, 'Search').tap();
  else {
    await settingsSectionButton(page, 'Search').focus();
    await page.keyboard.press('Enter');
  }
  await section(page).waitFor();
  const origin = new URL(appUrl).origin;

  searxng.setMode('json-off');
  await checkIn(page, searxng.url, /SearXNG answers 403 Forbidden to format=json: its JSON output is turned off\.Add json to search\.formats/, by);
  expect(await section(page).getByRole('group', { name: 'Lines for settings.yml' }).textContent()).toContain('- json');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/search-${name}-json-off.png`, fullPage: false });

  searxng.setMode('no-cors');
  await checkIn(page, searxng.url, /without an Access-Control-Allow-Origin header/, by);
  expect(await section(page).getByRole('group', { name: 'Lines for nginx' }).textContent()).toBe(`add_header Access-Control-Allow-Origin "${origin}" always;`);
  expect(await section(page).getByRole('group', { name: 'Lines for Caddy' }).textContent()).toBe(`header Access-Control-Allow-Origin "${origin}"`);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/search-${name}-no-cors.png` });
  expect(await axeViolations(page, 'dialog[open]')).toEqual([]);
  if (by === 'touch') await checkTouchTargets(page, 'Settings → Search', 'dialog[open] .search-section');

  searxng.setMode('limited');
  await checkIn(page, searxng.url, /refuses requests from programs \(HTTP 429\)/, by);

  await checkIn(page, `http://127.0.0.1:${await closedPort()}/`, /No answer from the address\./, by);

  searxng.setMode('working');
  await checkIn(page, searxng.url, /SearXNG works: 8 results for “SearXNG”\./, by);
  expect((await horizontalOverflow(page)).overflow).toBe(0);
  expect(await axeViolations(page, 'dialog[open]')).toEqual([]);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/search-${name}-working.png` });
}

describe('Settings → Search on a phone (390×844), by touch, light', () => {
  let page: Page;
  pagePerTest({ viewport: VIEWPORTS.phone, hasTouch: true, isMobile: true, colorScheme: 'light', onOpen: (opened) => void (page = opened.page) });
  it('Check tells each SearXNG mode and a dead port apart, each with its fix; nothing reaches SearXNG before Check', async () => {
    searxng.reset();
    await page.goto(appUrl);
    await composer(page).waitFor();
    expect(searxng.requests).toEqual([]);
    await journey(page, 'touch', 'phone-light');
    // Every request came from Check: the search doctor's query, JSON first.
    expect(searxng.requests.every((request) => request.query.q === 'SearXNG')).toBe(true);
  });
});

describe('Settings → Search on a laptop, keyboard alone, dark', () => {
  let page: Page;
  pagePerTest({ viewport: VIEWPORTS.desktop, colorScheme: 'dark', onOpen: (opened) => void (page = opened.page) });
  it('Check tells each SearXNG mode and a dead port apart, by keyboard, axe clean in the dark', async () => {
    searxng.reset();
    await journey(page, 'keyboard', 'desktop-dark');
  });
});
