import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startOpenAiServer, textStream, type OpenAiServer } from '../support/openai-server/index.mjs';
import { openConnectedApp } from './connected-app';
import { nav as navOf } from './locators';
import { pagePerTest } from './page-per-test';
import { axeViolations } from './screen-checks';

// The keyboard-only journey (SPEC B11): no mouse event anywhere in this file. Every step presses
// real keys and then checks where focus is, as a keyboard user would see it.
const appUrl = inject('appUrl');
/** Enough Tab presses to cross the sidebar and a chat page; more means focus is lost somewhere. */
const MAX_TABS = 40;
/** The whole journey: two streamed replies and two axe runs on a shared two-core machine. */
const JOURNEY_TIMEOUT_MS = 120_000;

let server: OpenAiServer;
let page: Page;

beforeAll(async () => {
  server = await startOpenAiServer({ models: ['test-model'] });
});
afterAll(async () => {
  await server?.close();
});

/** The focused element as assistive technology names it: its role and accessible name. */
function focused() {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    const labelledBy = element?.getAttribute('aria-labelledby');
    const name =
      element?.getAttribute('aria-label') ??
      (labelledBy ? document.getElementById(labelledBy)?.textContent : null) ??
      (element instanceof HTMLTextAreaElement ? element.labels?.[0]?.textContent : null) ??
      element?.textContent?.trim() ??
      '';
    const role = element?.getAttribute('role') ?? element?.tagName.toLowerCase() ?? '';
    return `${role}: ${name}`;
  });
}

/** Presses Tab until focus reaches `target` (as `focused()` writes it), failing if it never does. */
async function tabTo(target: string) {
  for (let i = 0; i < MAX_TABS; i++) {
    if ((await focused()) === target) return;
    await page.keyboard.press('Tab');
  }
  expect(await focused()).toBe(target);
}

async function expectNoAxeViolations() {
  // Contrast is measured on what is painted: let opening animations (which fade in) finish first.
  await page.evaluate(() =>
    Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished)),
  );
  expect(await axeViolations(page)).toEqual([]);
}

const sidebarState = () => page.locator('.layout').getAttribute('data-sidebar-state');
const nav = () => navOf(page);
const COMPOSER = 'textarea: Message';

describe.each([
  { width: 1366, height: 860, scheme: 'light' },
  { width: 1366, height: 860, scheme: 'dark' },
  { width: 390, height: 844, scheme: 'light' },
  { width: 390, height: 844, scheme: 'dark' },
] as const)('keyboard only at $width×$height, $scheme', ({ width, height, scheme }) => {
  const narrow = width < 768;

  beforeEach(() => {
    server.reset();
  });
  pagePerTest({ viewport: { width, height }, colorScheme: scheme, onOpen: (opened) => ({ page } = opened) });

  it(
    'menus, dialogs, the shortcuts help, the sidebar and Stop, all from the keyboard',
    async () => {
      await openConnectedApp(page, appUrl, server);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(scheme);

      // A first chat, typed and sent from the home page's composer, which has focus on arrival.
      server.setScript(textStream('Hello from the test server.', { chunkSize: 6 }));
      await expect.poll(focused).toBe(COMPOSER);
      await page.keyboard.type('First chat');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/chat\/[^/]+$/);
      await page.getByText('Hello from the test server.').waitFor();

      // Ctrl+Shift+S shows and hides the sidebar: a drawer on a phone, docked on a desktop.
      const initially = narrow ? 'closed' : 'open';
      expect(await sidebarState()).toBe(initially);
      await page.keyboard.press('Control+Shift+S');
      await expect.poll(sidebarState).toBe(narrow ? 'open' : 'closed');
      await page.keyboard.press('Control+Shift+S');
      await expect.poll(sidebarState).toBe(initially);
      // Docked, the hotkey leaves the user typing where they were, both ways.
      if (!narrow) expect(await focused()).toBe(COMPOSER);
      if (narrow) await page.keyboard.press('Control+Shift+S');
      await expect.poll(sidebarState).toBe('open');
      // The drawer is modal (the page behind it is inert): opening it puts focus inside.
      if (narrow) await expect.poll(focused).toBe('a: Parley home');
      else await tabTo('a: Parley home');

      // The chat's menu: Enter opens it on its first item; the arrows, Home, End and letters move.
      // The chat's title comes from the server (a second, small request): wait for it, so the menu
      // button is not renamed while the keyboard travels to it, then read its name.
      const options = nav().getByRole('button', { name: /^Options for / });
      await expect.poll(() => options.getAttribute('aria-label')).not.toBe('Options for First chat');
      const trigger = `button: ${await options.getAttribute('aria-label')}`;
      await tabTo(trigger);
      await page.keyboard.press('Enter');
      await page.getByRole('menu').waitFor();
      expect(await focused()).toBe('menuitem: Rename');
      await expectNoAxeViolations();
      await page.keyboard.press('ArrowDown');
      expect(await focused()).toBe('menuitem: Pin');
      await page.keyboard.press('Enter');
      await nav().getByRole('heading', { name: 'Pinned' }).waitFor();
      expect(await page.getByRole('menu').count()).toBe(0);
      await expect.poll(focused).toBe(trigger);

      await page.keyboard.press('Enter');
      expect(await focused()).toBe('menuitem: Rename');
      await page.keyboard.press('End');
      expect(await focused()).toBe('menuitem: Delete');
      await page.keyboard.press('ArrowDown');
      expect(await focused()).toBe('menuitem: Rename');
      await page.keyboard.press('u');
      expect(await focused()).toBe('menuitem: Unpin');
      await page.keyboard.press('Home');
      expect(await focused()).toBe('menuitem: Rename');
      await page.keyboard.press('Escape');
      expect(await page.getByRole('menu').count()).toBe(0);
      expect(await focused()).toBe(trigger);
      // Escape spent on the menu: the drawer stays open.
      expect(await sidebarState()).toBe('open');

      // Settings by its hotkey; Escape closes it and focus comes back to where it was.
      await page.keyboard.press('Control+Comma');
      const settings = page.getByRole('dialog', { name: 'Settings' });
      await settings.waitFor();
      expect(await settings.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Escape');
      await settings.waitFor({ state: 'hidden' });
      expect(await focused()).toBe(trigger);

      // The shortcuts help: Ctrl+/ opens it, it lists every shortcut, Escape closes it.
      await page.keyboard.press('Control+Slash');
      const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await help.waitFor();
      expect(await focused()).toBe('region: All keyboard shortcuts');
      const shown = await help.locator('.shortcuts__row').evaluateAll((rows) =>
        rows.map((row) => `${row.querySelector('dt')!.textContent}: ${[...row.querySelectorAll('dd > kbd')].map((k) => k.textContent).join(' | ')}`),
      );
      expect(shown).toEqual(
        expect.arrayContaining([
          'New chat: CtrlShiftO',
          'Search chats: CtrlK',
          'Show or hide the sidebar: CtrlShiftS',
          'Open Settings: Ctrl,',
          'Show keyboard shortcuts: Ctrl/',
          'Go to the notifications: F8',
          'Undo the last deletion (outside a text field): CtrlZ',
          'Send the message (Enter adds a line on a touch screen, or as Settings says): Enter | CtrlEnter',
          'New line: ShiftEnter',
          'Stop the reply being written: Esc',
        ]),
      );
      await expectNoAxeViolations();
      await page.keyboard.press('Escape');
      await help.waitFor({ state: 'hidden' });
      expect(await focused()).toBe(trigger);

      // And from its button at the bottom of the sidebar.
      await tabTo('button: Keyboard shortcuts');
      await page.keyboard.press('Enter');
      await help.waitFor();
      await page.keyboard.press('Escape');
      await help.waitFor({ state: 'hidden' });
      expect(await focused()).toBe('button: Keyboard shortcuts');

      // Escape in the composer stops a streaming reply and keeps what arrived.
      if (narrow) {
        await page.keyboard.press('Control+Shift+S');
        await expect.poll(sidebarState).toBe('closed');
      }
      await tabTo(COMPOSER);
      const words = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ');
      server.setScript(textStream(words, { chunkSize: 6, delayMs: 100 }));
      await page.keyboard.type('Count slowly');
      await page.keyboard.press('Enter');
      await page.getByText(/word0 word1/).waitFor();
      await page.keyboard.press('Escape');
      await page.getByText('Stopped', { exact: true }).waitFor();
      expect(await focused()).toBe(COMPOSER);
      const kept = (await page.getByText(/word0 word1/).textContent())!;
      expect(kept.length).toBeLessThan(words.length);
      // Escape again, with nothing streaming, changes nothing.
      await page.keyboard.press('Escape');
      expect(await focused()).toBe(COMPOSER);
      expect(await page.getByText(/word0 word1/).textContent()).toBe(kept);
    },
    JOURNEY_TIMEOUT_MS,
  );
});
