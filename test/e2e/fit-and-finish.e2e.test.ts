// The fit-and-finish journey (issue 22), on every screen: what a daily ChatGPT user met within
// minutes, each asserted as a person sees it, at desktop size and on a phone, light and dark.
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seedConnection } from '../support/seed-connection.mjs';
import { textStream, type OpenAiServer } from '../support/openai-server/index.mjs';
import { openConnectedApp, sendFromHome } from './connected-app';
import { composer, nav, settingsDialog, settingsSectionButton } from './locators';
import { modelServerPerFile, pagePerTest } from './page-per-test';
import { axeViolations, checkStop, pointerEventsSeen, tabTo, VIEWPORTS, watchPointerEvents } from './screen-checks';
import { seedChats } from './seed-chats';

const appUrl = inject('appUrl');
const at = (path: string) => new URL(path.replace(/^\//, ''), appUrl).href;

let server: OpenAiServer;
let page: Page;

modelServerPerFile({ models: ['test-model', 'other-model'] }, (started) => (server = started));

/** Long enough to scroll: the Jump button shows once the reader leaves the end. */
const LONG_REPLY = Array.from({ length: 60 }, (_, i) => `Paragraph ${i + 1} of a long answer, with some words to wrap.`).join('\n\n');
/** Two replies with notes once made axe report landmark-unique; each has its own Copy buttons. */
const NOTES_REPLY = ['A claim[^1] with code:', '', '```js', 'const a = 1;', '```', '', '[^1]: The source.'].join('\n');

const reply = () => page.getByRole('article', { name: 'Assistant' }).last();
const isOpaque = (color: string) => !/rgba\(.*,\s*0\)$/.test(color) && color !== 'transparent';

describe.each(['light', 'dark'] as const)('every screen, desktop, %s', (colorScheme) => {
  pagePerTest({
    viewport: VIEWPORTS.desktop,
    colorScheme,
    async onOpen(opened) {
      page = opened.page;
      await opened.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(appUrl).origin });
    },
  });

  it('Jump to latest is opaque with a shadow, the message box has one focus ring, and each reply names its model', async () => {
    await openConnectedApp(page, appUrl, server);
    server.setScript(textStream(LONG_REPLY, { chunkSize: 400, delayMs: 0 }));
    await sendFromHome(page, 'A long answer please');
    await expect.poll(() => reply().getAttribute('data-state')).toBe('complete');

    // A message box growing by several lines keeps the thread's end in view above it (issue 33).
    // Filled, as a paste does: typing also moves the caret into view, which scrolls the page anyway.
    const endCovered = () =>
      page.evaluate(() => Math.round(document.querySelector('.thread')!.getBoundingClientRect().bottom - document.querySelector('.chat-page__dock')!.getBoundingClientRect().top));
    await expect.poll(endCovered).toBeLessThanOrEqual(0);
    await composer(page).fill(['Line 1', 'Line 2', 'Line 3', 'Line 4', 'Line 5', 'Line 6'].join('\n'));
    await expect.poll(() => composer(page).evaluate((box) => box.getBoundingClientRect().height)).toBeGreaterThan(100);
    await expect.poll(endCovered).toBeLessThanOrEqual(0);
    await composer(page).fill('');

    // One ring: the box draws it, the textarea inside draws none.
    await tabTo(page, composer(page));
    const rings = await composer(page).evaluate((box) => ({
      inner: getComputedStyle(box).outlineStyle,
      outer: getComputedStyle(box.closest('.composer')!).outlineStyle,
    }));
    expect(rings).toEqual({ inner: 'none', outer: 'solid' });

    await page.mouse.wheel(0, -4000);
    const jump = page.getByRole('button', { name: 'Jump to latest' });
    await jump.waitFor();
    const look = await jump.evaluate((button) => ({ background: getComputedStyle(button).backgroundColor, shadow: getComputedStyle(button).boxShadow }));
    expect(isOpaque(look.background), look.background).toBe(true);
    expect(look.shadow).not.toBe('none');

    // The reply says which model wrote it, and through which connection.
    const label = reply().locator('.message__model');
    expect(await label.textContent()).toBe('Written by test-model');
    await label.focus();
    expect(await page.getByRole('tooltip').textContent()).toBe('test-model, through the connection “Test server”');
    await checkStop(page, 'a long reply, scrolled up');
  });

  it('Copy buttons say what they copy, two replies with notes pass axe, and the chat keys work', async () => {
    await openConnectedApp(page, appUrl, server);
    server.setScript(textStream(NOTES_REPLY, { chunkSize: 20, delayMs: 0 }));
    await sendFromHome(page, 'First');
    await expect.poll(() => reply().getAttribute('data-state')).toBe('complete');
    server.setScript(textStream(`${NOTES_REPLY}\n\nAnd a second.`, { chunkSize: 20, delayMs: 0 }));
    await composer(page).fill('Second');
    await composer(page).press('Enter');
    await expect.poll(() => page.getByRole('article', { name: 'Assistant' }).count()).toBe(2);
    await expect.poll(() => reply().getAttribute('data-state')).toBe('complete');

    await reply().hover();
    expect(await reply().getByRole('button', { name: 'Copy reply' }).count()).toBe(1);
    expect(await reply().getByRole('button', { name: 'Copy js code' }).count()).toBe(1);
    expect(await page.getByRole('article', { name: 'You' }).last().getByRole('button', { name: 'Copy message' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Copy', exact: true }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    // Regenerate offers the same model again or another of the list (issue 33); axe at the open menu.
    await reply().getByRole('button', { name: 'Regenerate' }).click();
    const items = page.getByRole('menuitem');
    await items.first().waitFor();
    expect(await items.allTextContents()).toEqual(['Again with test-model', 'With other-model', 'Compare with other models…']);
    await checkStop(page, 'Regenerate’s menu');
    await page.keyboard.press('Escape');
    await expect.poll(() => items.count()).toBe(0);

    // Ctrl+Shift+C copies the last reply; Shift+Esc goes to the message box from anywhere.
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('Control+Shift+C');
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(`${NOTES_REPLY}\n\nAnd a second.`);
    await page.keyboard.press('Shift+Escape');
    await expect.poll(() => composer(page).evaluate((box) => box === document.activeElement)).toBe(true);

    // ↑ in the empty box opens your last message for editing.
    await page.keyboard.press('ArrowUp');
    const editor = page.getByRole('textbox', { name: 'Edit message' });
    await editor.waitFor();
    expect(await editor.inputValue()).toBe('Second');
    await expect.poll(() => editor.evaluate((box) => box === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');

    // The shortcuts help lists them.
    await page.keyboard.press('Control+/');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const line of ['Copy the last reply', 'Go to the message box', 'Edit your last message (in an empty message box)']) {
      expect(await help.getByText(line, { exact: true }).count()).toBe(1);
    }
    await page.keyboard.press('Escape');
  });

  it('a sent text file opens in a viewer as text, with Copy and Download', async () => {
    await openConnectedApp(page, appUrl, server);
    server.setScript(textStream('Read it.', { chunkSize: 20, delayMs: 0 }));
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Attach files' }).click();
    const html = '<h1>Not a heading</h1><img src=x onerror="document.title=\'ran\'">';
    await (await chooser).setFiles([{ name: 'page.html', mimeType: 'text/html', buffer: Buffer.from(html) }]);
    await page.locator('.attachment-chip[data-state="ready"]').waitFor({ timeout: 20_000 });
    await composer(page).fill('Here is a file');
    await composer(page).press('Enter');
    await page.waitForURL(/\/chat\//);
    const open = page.getByRole('button', { name: 'Open page.html' });
    await open.click();
    const viewer = page.getByRole('dialog', { name: 'page.html' });
    await viewer.waitFor();
    expect(await viewer.getByLabel('The text of page.html').textContent()).toBe(html);
    expect(await viewer.locator('img, h1').count()).toBe(0);
    const download = page.waitForEvent('download');
    await viewer.getByRole('button', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toBe('page.html');
    await viewer.getByRole('button', { name: 'Copy text' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(html);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => open.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await page.title()).not.toBe('ran');
  });

  it('the home page and the sidebar say when a chat was active in the same words', async () => {
    await page.goto(at('/assets/seed.txt'));
    // Thirty hours ago: the old home page said "yesterday" where the sidebar said "Previous 7 days".
    await page.evaluate(seedChats, { chats: [{ id: 'old', title: 'Thirty hours ago', texts: ['Hi', 'Hello'], offsetMs: 0 }], startMs: Date.now() - 30 * 3_600_000 });
    await page.evaluate(seedConnection, { baseUrl: server.url });
    await page.goto(appUrl);
    const recent = page.getByRole('region', { name: 'Recent chats' }).getByRole('link', { name: /Thirty hours ago/ });
    await recent.waitFor();
    const said = await recent.locator('time').textContent();
    const group = nav(page).locator('.chat-group').filter({ has: page.getByRole('link', { name: 'Thirty hours ago' }) });
    expect(await group.getByRole('heading').textContent()).toBe(said);
    expect(['Yesterday', 'Previous 7 days']).toContain(said);
  });

  it('Settings has sections to jump between, deep-linked with ?settings=, from the keyboard alone', async () => {
    await watchPointerEvents(page);
    await openConnectedApp(page, appUrl, server);
    await page.keyboard.press('Control+,');
    await settingsDialog(page).waitFor();
    expect(new URL(page.url()).search).toBe('?settings=');
    await tabTo(page, settingsSectionButton(page, 'Sync'));
    await page.keyboard.press('Enter');
    await settingsDialog(page).getByRole('region', { name: 'Sync' }).waitFor();
    expect(new URL(page.url()).search).toBe('?settings=sync');
    // Focus went to the section's heading: reading goes on there.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Sync');
    await checkStop(page, 'Settings → Sync');
    // A reload (or a link) opens it where it was.
    await page.reload();
    await settingsDialog(page).getByRole('region', { name: 'Sync' }).waitFor();
    expect(await settingsDialog(page).getByRole('region', { name: 'Connections' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await settingsDialog(page).waitFor({ state: 'hidden' });
    expect(new URL(page.url()).search).toBe('');
    expect(await pointerEventsSeen(page)).toEqual([]);
  });
});

describe.each(['light', 'dark'] as const)('Settings on a phone, %s', (colorScheme) => {
  pagePerTest({ viewport: VIEWPORTS.phone, colorScheme, onOpen: (opened) => void (page = opened.page) });

  it('shows the list of sections, then the section with a way back', async () => {
    await openConnectedApp(page, appUrl, server);
    await page.goto(at('/?settings='));
    const list = settingsDialog(page).getByRole('navigation', { name: 'Settings sections' });
    await list.waitFor();
    expect(await settingsDialog(page).locator('.settings-dialog__section').isVisible()).toBe(false);
    await checkStop(page, 'Settings, the list on a phone');
    await settingsSectionButton(page, 'Data').click();
    await settingsDialog(page).getByRole('region', { name: 'Data' }).waitFor();
    expect(await list.isVisible()).toBe(false);
    await checkStop(page, 'Settings → Data on a phone');
    await settingsDialog(page).getByRole('button', { name: 'All settings' }).click();
    await list.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Data');
  });
});
