// The journey of a new user's first minutes, as a person makes it: from a fresh profile, connect
// a model server, send from home, open the sidebar from the chat, switch chats, search, rename,
// pin, delete and undo. On a phone (390×844) and a laptop (1366×860), in light and dark, once
// with the mouse and once with the keyboard alone (no pointer event at all). At every stop: no
// sideways scrolling and no axe-core violation.
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { startOpenAiServer, textStream, type OpenAiServer, type RecordedRequest } from '../support/openai-server/index.mjs';
import { seedConnection } from '../support/seed-connection.mjs';
import { sendFromHome } from './connected-app';
import { composer as composerOf, heading as headingOf, nav as navOf, notifications } from './locators';
import { pagePerTest } from './page-per-test';
import { checkStop, focused, pointerEventsSeen, tabTo, VIEWPORTS, watchPointerEvents, type ViewportName } from './screen-checks';

const appUrl = inject('appUrl');

/** The two chats the journey makes: what the user types, the model's reply, and the title it suggests. */
const FIRST = { ask: 'Plan a weekend trip to Lisbon', reply: 'Start in Alfama on Saturday morning.', title: 'Lisbon weekend' };
const SECOND = { ask: 'Compare quicksort and mergesort', reply: 'Mergesort is stable; quicksort is usually faster.', title: 'Sorting algorithms' };
const RENAMED = 'Lisbon, finally';
/** Long enough to push anything that does not wrap or clip past a phone's edge. */
const LONG_MODEL = 'organisation-with-a-long-name/an-extremely-long-model-identifier-that-never-ends-v2.5-instruct-q4_K_M';
const LONG_WORD = 'Supercalifragilisticexpialidocious'.repeat(4);
const LONG_QUESTION = `${LONG_WORD} ${LONG_WORD}`;
/** A whole journey is some forty steps, each checked with axe-core. */
const JOURNEY_TIMEOUT_MS = 90_000;

let server: OpenAiServer;
let page: Page;

/** Replies to each question; any other request (the title request) gets the chat's title. */
function replyFor(request: RecordedRequest) {
  const messages: { role: string; content: unknown }[] = request.body?.messages ?? [];
  const last = String(messages.at(-1)?.content ?? '');
  const chat = [FIRST, SECOND].find((c) => last === c.ask) ?? [FIRST, SECOND].find((c) => JSON.stringify(messages).includes(c.ask));
  if (!chat) return textStream(last === LONG_QUESTION ? 'I am not sure what you mean.' : LONG_WORD);
  return textStream(last === chat.ask ? chat.reply : chat.title, { chunkSize: 6, delayMs: 10 });
}

beforeAll(async () => {
  server = await startOpenAiServer({ script: replyFor });
});
afterAll(async () => {
  await server?.close();
});
/** A picture of where a failed journey stopped, for whoever reads the CI log's path. */
const FAILURE_SCREENSHOT = `${tmpdir()}/parley-journey-failure.png`;

const nav = () => navOf(page);
/** The sidebar element whether or not it is exposed (closed, it is hidden from the accessibility tree). */
const sidebarState = () => page.locator('nav.sidebar').getAttribute('data-state');
const heading = () => headingOf(page);
const composer = () => composerOf(page);

type Mode = 'mouse' | 'keyboard';
/**
 * Every size with both themes and both ways of working, and every theme with both ways: four
 * journeys cover each pair of the three (the full product, eight, doubled this file's time while CI
 * ran near its 30 minutes, and no journey step depends on all three at once).
 */
const cases: [ViewportName, 'light' | 'dark', Mode][] = [
  ['phone', 'dark', 'mouse'],
  ['phone', 'light', 'keyboard'],
  ['desktop', 'light', 'mouse'],
  ['desktop', 'dark', 'keyboard'],
];

describe.each(cases)('first ten minutes at %s size, %s theme, with the %s', (viewport, scheme, mode) => {
  const keyboard = mode === 'keyboard';
  const phone = viewport === 'phone';

  beforeEach(() => {
    server.reset();
  });
  pagePerTest({
    viewport: VIEWPORTS[viewport],
    colorScheme: scheme,
    failureScreenshot: FAILURE_SCREENSHOT,
    async onOpen(opened) {
      page = opened.page;
      if (keyboard) await watchPointerEvents(page);
    },
  });

  /** Activates a control the way this journey's user does: a click, or Tab to it and Enter. */
  async function use(target: Locator) {
    if (keyboard) {
      await tabTo(page, target);
      await page.keyboard.press('Enter');
    } else await target.click();
  }

  /** Picks a menu item: a click, or arrows until it has focus and Enter. */
  async function pick(item: Locator) {
    await item.waitFor();
    if (!keyboard) return item.click();
    for (let i = 0; i < 10 && !(await item.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('ArrowDown');
    expect(await item.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
  }

  async function type(field: Locator, text: string) {
    if (keyboard) {
      await tabTo(page, field);
      // A person starts typing once the screen has settled (the frame after it arrived), not in
      // the same millisecond: focus is checked again then.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await tabTo(page, field);
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(text);
      // Every key landed (a CI run once sent "d mergesort": focus had moved while typing).
      expect(await field.inputValue()).toBe(text);
    } else {
      await field.click();
      await field.fill(text);
    }
  }

  /** Opens the sidebar where it is hidden: the drawer on a phone. On a laptop it is docked open. */
  async function showSidebar() {
    if (!phone || (await sidebarState()) === 'open') return;
    await use(page.getByRole('button', { name: 'Open sidebar' }));
    await expect.poll(sidebarState).toBe('open');
  }

  async function ask(text: string, reply: string) {
    await type(composer(), text);
    if (keyboard) await page.keyboard.press('Enter');
    else await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(/\/chat\/[^/]+$/);
    await page.getByText(reply, { exact: true }).waitFor().catch((error: Error) => {
      // What the server was asked, for a failure seen only on a busy CI machine.
      const asked = server.requests.map((r) => `${r.method} ${r.path} ${JSON.stringify(r.body?.messages?.at(-1)?.content ?? '')} → ${r.response.status}`);
      throw new Error(`${error.message}\nThe server was asked:\n${asked.join('\n')}`);
    });
    // Ready for the next message without a click (SPEC B11).
    await expect.poll(() => focused(page)).toBe('textarea Message');
  }

  /** The chat entry's ⋯ menu in the sidebar, then one of its items. */
  async function entryMenu(title: string, item: string) {
    await showSidebar();
    await use(nav().getByRole('button', { name: `Options for ${title}` }));
    await pick(page.getByRole('menuitem', { name: item }));
  }

  it('connects, chats, and finds its way around', { timeout: JOURNEY_TIMEOUT_MS }, async () => {
    await page.goto(appUrl);
    await heading().filter({ hasText: 'What shall we talk about?' }).waitFor();
    await checkStop(page, 'home, nothing connected');

    // Sending before connecting: the draft stays, and beside it a note says why nothing went.
    await type(composer(), 'Hello?');
    if (keyboard) await page.keyboard.press('Enter');
    else await page.getByRole('button', { name: 'Send' }).click();
    const notSent = page.locator('.composer').getByRole('alert');
    await expect.poll(() => notSent.textContent()).toContain('Nothing was sent: connect a model server first.');
    expect(await composer().inputValue()).toBe('Hello?');
    // In view, also on a phone where the message box's foot starts below the fold.
    await expect.poll(async () => ((await notSent.boundingBox())?.y ?? Infinity) + ((await notSent.boundingBox())?.height ?? 0)).toBeLessThanOrEqual(page.viewportSize()!.height);
    if (keyboard) expect(await focused(page)).toBe('textarea Message');
    await checkStop(page, 'home, sent without a connection');

    // Connect the test server through Settings, opened from the note's way on.
    await use(notSent.getByRole('button', { name: 'Open Settings' }));
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await use(settings.getByRole('button', { name: 'Add connection' }));
    await pick(page.getByRole('menuitem', { name: /^OpenAI-compatible server/ }));
    await checkStop(page, 'settings, adding a connection');
    await type(settings.getByRole('textbox', { name: 'Base URL' }), server.url);
    await use(settings.getByRole('button', { name: 'Test connection' }));
    await settings.getByText('Connected: 1 model found').waitFor();
    await checkStop(page, 'settings, connected');
    if (keyboard) await page.keyboard.press('Escape');
    else await settings.getByRole('button', { name: 'Close' }).first().click();
    await settings.waitFor({ state: 'hidden' });
    // The button that opened Settings is gone (there is a connection now): focus is on the composer.
    await expect.poll(() => focused(page)).toBe('textarea Message');

    await ask(FIRST.ask, FIRST.reply);
    await expect.poll(() => heading().textContent()).toBe(FIRST.title);
    await checkStop(page, 'first chat');

    // A second chat, from the sidebar's New chat.
    await showSidebar();
    await use(nav().getByRole('link', { name: 'New chat' }));
    await heading().filter({ hasText: 'What shall we talk about?' }).waitFor();
    await ask(SECOND.ask, SECOND.reply);
    await expect.poll(() => heading().textContent()).toBe(SECOND.title);

    // The sidebar from the chat: the drawer on a phone; collapsed to its rail and back on a laptop.
    if (phone) {
      await showSidebar();
      await checkStop(page, 'drawer open over a chat');
    } else {
      await use(nav().getByRole('button', { name: 'Close sidebar' }));
      const rail = page.getByRole('navigation', { name: 'Collapsed sidebar' });
      await expect.poll(() => focused(page)).toBe('button Open sidebar');
      await checkStop(page, 'sidebar collapsed to its rail');
      await use(rail.getByRole('button', { name: 'Open sidebar' }));
      await expect.poll(sidebarState).toBe('open');
    }

    // Switch chats.
    await use(nav().getByRole('link', { name: FIRST.title }));
    await expect.poll(() => heading().textContent()).toBe(FIRST.title);
    await page.getByText(FIRST.reply, { exact: true }).waitFor();
    await expect.poll(() => focused(page)).toBe('textarea Message');
    if (phone) expect(await sidebarState()).toBe('closed');
    await checkStop(page, 'switched chats');

    // Search for a word of the other chat's reply and open it.
    if (keyboard) await page.keyboard.press('ControlOrMeta+K');
    else {
      await showSidebar();
      await nav().getByRole('button', { name: 'Search chats' }).click();
    }
    const palette = page.getByRole('dialog', { name: 'Search chats' });
    await page.keyboard.type('mergesort');
    const result = palette.getByRole('option', { name: new RegExp(SECOND.title) });
    await result.waitFor();
    await checkStop(page, 'search results');
    if (keyboard) await page.keyboard.press('Enter');
    else await result.click();
    await expect.poll(() => heading().textContent()).toBe(SECOND.title);
    await expect.poll(() => focused(page)).toBe('textarea Message');

    // Rename the first chat from its menu.
    await entryMenu(FIRST.title, 'Rename');
    const field = nav().getByRole('textbox', { name: 'Chat title' });
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(RENAMED);
    await page.keyboard.press('Enter');
    await nav().getByRole('link', { name: RENAMED }).waitFor();
    await checkStop(page, 'renamed');

    // Pin it: it moves to the Pinned group.
    await entryMenu(RENAMED, 'Pin');
    await nav().getByRole('heading', { name: 'Pinned' }).waitFor();
    await checkStop(page, 'pinned');

    // Delete it, then Undo from the toast.
    await entryMenu(RENAMED, 'Delete');
    await expect.poll(() => nav().getByRole('link', { name: RENAMED }).count()).toBe(0);
    const toasts = notifications(page);
    const undo = toasts.getByRole('button', { name: 'Undo' });
    await undo.waitFor();
    await checkStop(page, 'deleted, with Undo offered');
    if (keyboard) {
      await page.keyboard.press('F8');
      await tabTo(page, undo);
      await page.keyboard.press('Enter');
    } else await undo.click();
    await showSidebar();
    await nav().getByRole('link', { name: RENAMED }).waitFor();
    await checkStop(page, 'restored');

    if (keyboard) expect(await pointerEventsSeen(page)).toEqual([]);
  });
});

describe.each([320, 375, 390])('nothing scrolls sideways at %i px', (width) => {
  beforeEach(() => {
    server.reset();
    server.setModels([LONG_MODEL]);
  });
  pagePerTest({ viewport: { width, height: 780 }, failureScreenshot: FAILURE_SCREENSHOT, onOpen: (opened) => ({ page } = opened) });

  it('keeps the home page and a chat inside the screen with a long model id and a long title', { timeout: JOURNEY_TIMEOUT_MS }, async () => {
    await page.goto(new URL('assets/seed.txt', appUrl).href);
    await page.evaluate(seedConnection, { baseUrl: server.url, model: LONG_MODEL });
    await page.goto(appUrl);
    await sendFromHome(page, LONG_QUESTION);
    await page.getByText('I am not sure what you mean.').waitFor();
    await checkStop(page, `chat at ${width} px`);
    // The title keeps most of the bar, and the model picker shows more than a few letters.
    const title = await heading().boundingBox();
    expect(title!.width).toBeGreaterThan(width * 0.4);

    await page.getByRole('button', { name: 'Open sidebar' }).click();
    await nav().getByRole('link', { name: 'New chat' }).click();
    await heading().filter({ hasText: 'What shall we talk about?' }).waitFor();
    // The chat's title (one endless word) in the recent chats.
    await page.getByRole('region', { name: 'Recent chats' }).getByRole('link', { name: new RegExp(LONG_WORD.slice(0, 20)) }).waitFor();
    await checkStop(page, `home at ${width} px`);
    const send = await page.getByRole('button', { name: 'Send' }).boundingBox();
    expect(send!.x + send!.width).toBeLessThanOrEqual(width);
  });
});
