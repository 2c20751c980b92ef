// The prompt library's journey (issue 23), in real Chromium: `/` at the start of the message box
// lists the saved prompts, a prompt with variables asks for them in a small form, and the filled
// text is what reaches the model server; a prompt added in Settings → Prompts is found with `/`.
// At a desk by keyboard alone, on a 390×844 touch screen by finger; light and dark; axe clean.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { textStream, type OpenAiServer } from '../support/openai-server/index.mjs';
import { composer as composerOf, openConnectedApp, streamedRequests } from './connected-app';
import { settingsDialog, settingsSectionButton } from './locators';
import { modelServerPerFile, pagePerTest } from './page-per-test';
import { checkStop, focused, pointerEventsSeen, VIEWPORTS, watchPointerEvents } from './screen-checks';
import { checkTouchTargets } from './touch-targets';

const appUrl = inject('appUrl');
/** Where pictures of each screen go when PARLEY_SHOTS names a folder (for a person to look at; never in the repository). */
const SHOTS = process.env.PARLEY_SHOTS;
/** A journey of a dozen stops, each checked with axe-core. */
const JOURNEY_TIMEOUT_MS = 90_000;

let server: OpenAiServer;
let page: Page;
modelServerPerFile({ models: ['test-model'] }, (started) => (server = started));

const composer = () => composerOf(page);
const menu = () => page.getByRole('listbox', { name: 'Saved prompts' });
const options = () => menu().getByRole('option');
const form = (name: string) => page.getByRole('dialog', { name });

async function shot(name: string, scheme: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const { width } = page.viewportSize()!;
  await page.screenshot({ path: path.join(SHOTS, `prompts-${name}-${width}-${scheme}.png`) });
}

/** The last user message the model server was sent. */
function lastUserText(): string {
  const messages = streamedRequests(server).at(-1)?.body?.messages as { role: string; content: string }[];
  return [...messages].reverse().find((message) => message.role === 'user')!.content;
}

const SUMMARY = 'Summarise the following in three sentences, keeping names, figures and decisions:\n\nParley keeps chats in the browser.';

describe.each(['light', 'dark'] as const)('at a desk, by keyboard alone, %s', (scheme) => {
  pagePerTest({
    viewport: VIEWPORTS.desktop,
    colorScheme: scheme,
    failureScreenshot: '/tmp/prompts-e2e-failure.png',
    async onOpen(opened) {
      page = opened.page;
      await watchPointerEvents(page);
    },
  });

  it('/sum lists Summarise, Enter asks for its variables, Tab moves between them, the filled text is sent', async () => {
    await openConnectedApp(page, appUrl, server);
    server.setScript(textStream('Done.', { chunkSize: 10, delayMs: 0 }));
    // Home puts focus in the box: typing starts there.
    await expect.poll(() => focused(page)).toBe('textarea Message');

    // Escape closes the list and leaves the text as typed.
    await page.keyboard.type('/');
    await menu().waitFor();
    expect(await options().count()).toBeGreaterThanOrEqual(6);
    await page.keyboard.press('Escape');
    await menu().waitFor({ state: 'detached' });
    expect(await composer().inputValue()).toBe('/');
    await page.keyboard.press('Backspace');

    await page.keyboard.type('/sum');
    await expect.poll(() => options().allTextContents()).toEqual([expect.stringMatching(/^Summarise/)]);
    // The box keeps focus and names the active prompt.
    expect(await focused(page)).toBe('textarea Message');
    const activeId = await composer().getAttribute('aria-activedescendant');
    expect(activeId).toBe(await options().first().getAttribute('id'));
    expect(await composer().getAttribute('aria-controls')).toBe(await menu().getAttribute('id'));
    await checkStop(page, 'the / menu');
    await shot('menu', scheme);

    await page.keyboard.press('Enter');
    const fill = form('Summarise');
    await fill.waitFor();
    expect(await composer().inputValue()).toBe('/sum');
    expect(await focused(page)).toBe('textarea length');
    await page.keyboard.type('three sentences');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('textarea text');
    await page.keyboard.type('Parley keeps chats in the browser.');
    await checkStop(page, 'the variables form');
    await shot('form', scheme);
    await page.keyboard.press('Enter');
    await fill.waitFor({ state: 'detached' });

    // In the box, not sent; the caret at its end, focus back in the box.
    await expect.poll(() => composer().inputValue()).toBe(SUMMARY);
    expect(await focused(page)).toBe('textarea Message');
    await expect.poll(() => composer().evaluate((box: HTMLTextAreaElement) => [box.selectionStart, box.selectionEnd])).toEqual([SUMMARY.length, SUMMARY.length]);
    expect(streamedRequests(server)).toHaveLength(0);
    expect(await composer().getAttribute('aria-activedescendant')).toBeNull();

    await page.keyboard.press('Enter');
    await page.waitForURL(/\/chat\/[^/]+$/);
    await expect.poll(() => streamedRequests(server).length).toBe(1);
    expect(lastUserText()).toBe(SUMMARY);

    // In a chat too: Escape in the form cancels and gives the box back its focus and text.
    await composer().waitFor();
    await expect.poll(() => focused(page)).toBe('textarea Message');
    await page.keyboard.type('/tra');
    await expect.poll(() => options().allTextContents()).toEqual([expect.stringMatching(/^Translate/)]);
    await page.keyboard.press('Enter');
    await form('Translate').waitFor();
    await page.keyboard.press('Escape');
    await form('Translate').waitFor({ state: 'detached' });
    expect(await composer().inputValue()).toBe('/tra');
    await expect.poll(() => focused(page)).toBe('textarea Message');
    expect(await pointerEventsSeen(page)).toEqual([]);
  }, JOURNEY_TIMEOUT_MS);

  it('a prompt added in Settings → Prompts is found with / and its date is filled in', async () => {
    await openConnectedApp(page, appUrl, server);
    await page.keyboard.press('Control+,');
    await settingsDialog(page).waitFor();
    await settingsSectionButton(page, 'Prompts').focus();
    await page.keyboard.press('Enter');
    const section = settingsDialog(page).getByRole('region', { name: 'Prompts' });
    await section.getByRole('list', { name: 'Saved prompts' }).waitFor();
    await section.getByRole('button', { name: 'Add prompt' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('input Name');
    await page.keyboard.type('Standup');
    await page.keyboard.press('Tab');
    await page.keyboard.type('My standup for {{date}}: {{done}}');
    expect(await section.getByText('Asks for: done · Filled in by Parley: date').count()).toBe(1);
    await checkStop(page, 'Settings → Prompts, adding');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const added = section.getByRole('listitem').filter({ hasText: 'Standup' });
    await added.waitFor();
    await expect.poll(() => focused(page)).toBe('button Edit Standup');
    await checkStop(page, 'Settings → Prompts');
    await shot('section', scheme);
    // Kept in IndexedDB: a new visit lists it.
    await page.goto(appUrl);
    await composer().waitFor();
    await expect.poll(() => focused(page)).toBe('textarea Message');
    await page.keyboard.type('/stand');
    await expect.poll(() => options().allTextContents()).toEqual([expect.stringMatching(/^Standup/)]);
    await page.keyboard.press('Enter');
    await form('Standup').waitFor();
    await page.keyboard.type('shipped the menu');
    await page.keyboard.press('Enter');
    await form('Standup').waitFor({ state: 'detached' });
    const today = await page.evaluate(() => new Date().toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' }));
    expect(await composer().inputValue()).toBe(`My standup for ${today}: shipped the menu`);
    expect(await pointerEventsSeen(page)).toEqual([]);
  }, JOURNEY_TIMEOUT_MS);
});

describe('at a desk, with a mouse', () => {
  pagePerTest({ viewport: VIEWPORTS.desktop, onOpen: (opened) => ({ page } = opened) });

  it('{{selection}} takes the text selected in the thread before the box was focused', async () => {
    await openConnectedApp(page, appUrl, server);
    server.setScript(textStream('The quick brown fox jumps over the lazy dog.', { chunkSize: 10, delayMs: 0 }));
    await page.keyboard.type('Tell me about foxes');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/chat\/[^/]+$/);
    const reply = page.getByRole('article', { name: 'Assistant' }).last();
    await expect.poll(() => reply.getAttribute('data-state')).toBe('complete');
    // Selected by dragging over the words, then a click in the box (which moves the browser's selection there).
    await reply.locator('p').first().evaluate((paragraph) => {
      const text = paragraph.firstChild!;
      const range = document.createRange();
      range.setStart(text, 4);
      range.setEnd(text, 19);
      getSelection()!.removeAllRanges();
      getSelection()!.addRange(range);
    });
    await expect.poll(() => page.evaluate(() => getSelection()!.toString())).toBe('quick brown fox');
    await composer().click();
    await expect.poll(() => focused(page)).toBe('textarea Message');
    await page.keyboard.type('/proof');
    await expect.poll(() => options().allTextContents()).toEqual([expect.stringMatching(/^Proofread/)]);
    await page.keyboard.press('Enter');
    // Nothing to ask: inserted at once.
    await expect.poll(() => composer().inputValue()).toBe(
      'Proofread this text. Fix spelling, grammar and unclear sentences without changing its meaning, then list what you changed.\n\nquick brown fox',
    );
  }, JOURNEY_TIMEOUT_MS);
});

describe.each(['light', 'dark'] as const)('on a phone with a touch screen, %s', (scheme) => {
  pagePerTest({ viewport: VIEWPORTS.phone, colorScheme: scheme, hasTouch: true, isMobile: true, onOpen: (opened) => ({ page } = opened) });

  it('a tap inserts a prompt, its variables are filled by finger, and Send sends the filled text', async () => {
    await openConnectedApp(page, appUrl, server);
    server.setScript(textStream('Bonjour.', { chunkSize: 10, delayMs: 0 }));
    await composer().tap();
    await page.keyboard.type('/');
    await menu().waitFor();
    await checkStop(page, 'the / menu on a phone');
    await checkTouchTargets(page, 'the / menu', '.prompt-menu');
    await shot('menu', scheme);
    await options().filter({ hasText: 'Translate' }).tap();
    const fill = form('Translate');
    await fill.waitFor();
    await fill.getByRole('textbox', { name: 'language' }).tap();
    await page.keyboard.type('French');
    await fill.getByRole('textbox', { name: 'text' }).tap();
    await page.keyboard.type('Good morning');
    await checkStop(page, 'the variables form on a phone');
    await checkTouchTargets(page, 'the variables form', '.prompt-menu');
    await shot('form', scheme);
    await fill.getByRole('button', { name: 'Insert' }).tap();
    await fill.waitFor({ state: 'detached' });
    const expected = 'Translate into French, keeping the tone and formatting. Reply with the translation only.\n\nGood morning';
    expect(await composer().inputValue()).toBe(expected);
    await page.getByRole('button', { name: 'Send message' }).tap();
    await page.waitForURL(/\/chat\/[^/]+$/);
    await expect.poll(() => streamedRequests(server).length).toBe(1);
    expect(lastUserText()).toBe(expected);
  }, JOURNEY_TIMEOUT_MS);

  it('Settings → Prompts fits the phone: a prompt is duplicated and deleted with Undo by finger', async () => {
    await openConnectedApp(page, appUrl, server);
    await page.getByRole('button', { name: 'Open sidebar' }).tap();
    await page.getByRole('navigation', { name: 'Chats and navigation' }).getByRole('button', { name: 'Settings' }).tap();
    await settingsSectionButton(page, 'Prompts').tap();
    const section = settingsDialog(page).getByRole('region', { name: 'Prompts' });
    const items = section.getByRole('list', { name: 'Saved prompts' }).getByRole('listitem');
    await items.first().waitFor();
    await checkStop(page, 'Settings → Prompts on a phone');
    await checkTouchTargets(page, 'Settings → Prompts', 'dialog[open]');
    await shot('section', scheme);
    const before = await items.count();
    await section.getByRole('button', { name: 'Duplicate Proofread' }).tap();
    await section.getByRole('listitem').filter({ hasText: 'Proofread (copy)' }).waitFor();
    await section.getByRole('button', { name: 'Delete Proofread (copy)' }).tap();
    await expect.poll(() => items.count()).toBe(before);
    await section.getByRole('button', { name: 'Undo' }).tap();
    await expect.poll(() => items.count()).toBe(before + 1);
    expect(await items.allTextContents()).toContainEqual(expect.stringContaining('Proofread (copy)'));
  }, JOURNEY_TIMEOUT_MS);
});
