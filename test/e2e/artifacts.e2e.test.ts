// The artifact panel (issue 36): a reply that is mostly one page opens it, later replies add versions,
// Changes compares them, a version downloads as a page that opens from a disk.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { textStream, type OpenAiServer } from '../support/openai-server/index.mjs';
import { composer, openConnectedApp } from './connected-app';
import { modelServerPerFile, pagePerTest } from './page-per-test';
import { axeViolations, checkStop, focused, pointerEventsSeen, tabTo, VIEWPORTS, watchPointerEvents } from './screen-checks';

const appUrl = inject('appUrl');

const page1 = (label: string, colour: string) =>
  ['<!doctype html>', '<html>', '<body>', `  <h1>Counter</h1>`, `  <button style="color: ${colour}">${label}</button>`, '</body>', '</html>'].join('\n');
const VERSIONS = [page1('Add one', 'black'), page1('Add one', 'blue'), page1('Add two', 'blue')];
const reply = (code: string) => `Here is **counter.html**:\n\n\`\`\`html\n${code}\n\`\`\``;

let server: OpenAiServer;
modelServerPerFile({ models: ['test-model'] }, (started) => (server = started));

/**
 * Sends a message and waits for its reply to end. On a touch screen Return adds a line, so the
 * keyboard goes on to Send instead, as a phone user with a keyboard would.
 */
async function sendAndWait(page: Page, text: string, code: string, touch = false) {
  server.setScript(textStream(reply(code), { chunkSize: 40, delayMs: 5 }));
  const done = page.getByRole('button', { name: 'Copy reply' });
  const before = await done.count();
  const fromHome = !/\/chat\//.test(page.url());
  await composer(page).focus();
  await page.keyboard.insertText(text);
  if (touch) {
    await tabTo(page, page.getByRole('button', { name: 'Send message' }));
    await page.keyboard.press('Enter');
  } else {
    await page.keyboard.press('Enter');
  }
  if (fromHome) await page.waitForURL(/\/chat\/[^/]+$/);
  // The reply is done when its actions appear (they are not shown while it streams).
  await expect.poll(() => done.count()).toBe(before + 1);
}

const side = (page: Page) => page.getByRole('complementary', { name: 'counter.html' });
const overlay = (page: Page) => page.getByRole('dialog', { name: 'counter.html' });

describe('desktop, light, with the mouse', () => {
  let page: Page;
  pagePerTest({
    browser: 'file',
    viewport: VIEWPORTS.desktop,
    colorScheme: 'light',
    async onOpen(opened) {
      page = opened.page;
      await openConnectedApp(page, appUrl, server);
    },
  });

  it('opens beside the thread on the reply’s end, keeps focus in the box, and lists three versions with the reply of each', async () => {
    await sendAndWait(page, 'A counter page', VERSIONS[0]!);
    const panel = side(page);
    await panel.waitFor();
    // Beside the thread, not over it: the thread's column ends where the panel starts.
    const [panelBox, threadBox] = [(await panel.boundingBox())!, (await page.getByRole('list', { name: 'Messages' }).boundingBox())!];
    expect(panelBox.x + panelBox.width).toBeCloseTo(VIEWPORTS.desktop.width, 0);
    expect(threadBox.x + threadBox.width).toBeLessThanOrEqual(panelBox.x + 1);
    expect(await focused(page)).toContain('Message');

    // It opens on Preview: the page runs in the sandbox's frame (a frame of its own inside it).
    expect(await panel.getByRole('tab', { name: 'Preview' }).getAttribute('aria-selected')).toBe('true');
    const artifactPage = panel.frameLocator('iframe').frameLocator('iframe');
    await artifactPage.getByRole('button', { name: 'Add one' }).waitFor();
    // The frame fills the view, and the page fills the frame (their stylesheets arrived with them).
    const view = (await panel.getByRole('tabpanel').boundingBox())!;
    const frame = (await panel.locator('iframe').boundingBox())!;
    expect([frame.width, frame.height].map(Math.round)).toEqual([view.width, view.height].map(Math.round));
    const inner = await panel.frameLocator('iframe').locator('iframe').evaluate((f) => [f.getBoundingClientRect().width, innerWidth]);
    expect(inner[0]).toBe(inner[1]);

    await sendAndWait(page, 'Make the button blue', VERSIONS[1]!);
    await sendAndWait(page, 'Count by two', VERSIONS[2]!);
    // The new version shows itself, and Reload starts it again.
    await artifactPage.getByRole('button', { name: 'Add two' }).waitFor();
    await panel.getByRole('button', { name: 'Reload the preview' }).click();
    await artifactPage.getByRole('button', { name: 'Add two' }).waitFor();
    const versions = panel.getByRole('combobox', { name: 'Version' });
    await expect.poll(() => versions.locator('option').allTextContents()).toEqual([
      expect.stringMatching(/^v1 · reply of /),
      expect.stringMatching(/^v2 · reply of /),
      expect.stringMatching(/^v3 \(latest\) · reply of /),
    ]);
    // Code shows the latest version, exactly.
    await panel.getByRole('tab', { name: 'Code' }).click();
    await expect.poll(() => panel.getByRole('tabpanel').locator('code').textContent()).toBe(VERSIONS[2]);

    await versions.selectOption('1');
    await expect.poll(() => panel.getByRole('tabpanel').locator('code').textContent()).toBe(VERSIONS[0]);

    // "Show the reply" scrolls the thread to the reply that made v1 and marks it.
    await panel.getByRole('button', { name: 'Show the reply' }).click();
    await expect.poll(() => page.locator('[data-highlight="on"]').count()).toBe(1);
    expect(await page.locator('[data-highlight="on"]').textContent()).toContain('Add one');
    await checkStop(page, 'panel, v1 code');

    // An explicit edit: asked from the panel, the reply's page is v4 of this artifact though it names it otherwise.
    const green = page1('Add two', 'green');
    server.setScript(textStream(`Here is **green.html**:\n\n\`\`\`html\n${green}\n\`\`\``, { chunkSize: 40, delayMs: 5 }));
    const change = panel.getByRole('textbox', { name: 'Ask for a change to counter.html' });
    await change.focus();
    await page.keyboard.insertText('Make it green');
    await page.keyboard.press('Enter');
    // The same artifact, now called as its latest version calls it.
    const renamed = page.getByRole('complementary', { name: 'green.html' });
    const renamedVersions = renamed.getByRole('combobox', { name: 'Version' });
    await expect.poll(() => renamedVersions.locator('option').count()).toBe(4);
    const asked = (server.requests.at(-1)!.body as { messages: { role: string; content: unknown }[] }).messages.at(-1)!;
    expect(asked).toMatchObject({ role: 'user', content: 'Change “counter.html”: Make it green' });
    await renamedVersions.selectOption('4');
    await renamed.getByRole('tab', { name: 'Code' }).click();
    await expect.poll(() => renamed.getByRole('tabpanel').locator('code').textContent()).toBe(green);
    expect(await renamed.getByRole('textbox', { name: 'Ask for a change to green.html' }).inputValue()).toBe('');
    // One artifact, not two: v1 is still the first page.
    await renamedVersions.selectOption('1');
    await expect.poll(() => renamed.getByRole('tabpanel').locator('code').textContent()).toBe(VERSIONS[0]);
  });

  it('shows the changes between two versions, line by line, and downloads v2 as a page', async () => {
    await sendAndWait(page, 'A counter page', VERSIONS[0]!);
    await sendAndWait(page, 'Make the button blue', VERSIONS[1]!);
    await sendAndWait(page, 'Count by two', VERSIONS[2]!);
    const panel = side(page);
    await panel.getByRole('tab', { name: 'Changes' }).click();
    const lines = panel.getByRole('list', { name: 'Changes' }).getByRole('listitem');
    await expect.poll(() => lines.count()).toBe(8);
    expect(await panel.getByRole('status').textContent()).toBe('1 line added, 1 line removed');
    expect(await panel.locator('[data-kind="removed"] code').textContent()).toBe('  <button style="color: blue">Add one</button>');
    expect(await panel.locator('[data-kind="removed"] .visually-hidden').textContent()).toBe('Removed: ');
    expect(await panel.locator('[data-kind="added"] code').textContent()).toBe('  <button style="color: blue">Add two</button>');

    // Against v1 instead: two lines differ.
    await panel.getByRole('combobox', { name: 'Changes since' }).selectOption('1');
    await expect.poll(() => panel.getByRole('status').textContent()).toBe('1 line added, 1 line removed');
    expect(await panel.locator('[data-kind="removed"] code').textContent()).toContain('color: black');
    expect(await axeViolations(page, panel)).toEqual([]);

    await panel.getByRole('combobox', { name: 'Version' }).selectOption('2');
    const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Download as a page' }).click()]);
    expect(download.suggestedFilename()).toBe('counter-v2.html');
    // Saved under its own name, as a browser would: the extension is what makes it open as a page.
    const saved = path.join(await mkdtemp(path.join(tmpdir(), 'parley-artifact-')), download.suggestedFilename());
    await download.saveAs(saved);
    expect(await readFile(saved, 'utf8')).toBe(VERSIONS[1]);
    // Opened from the disk it is the page itself: no server, nothing of Parley's.
    const opened = await page.context().newPage();
    await opened.goto(`file://${saved}`);
    expect(await opened.getByRole('button', { name: 'Add one' }).evaluate((b) => getComputedStyle(b).color)).toBe('rgb(0, 0, 255)');
    await opened.close();

    // Full screen covers the window; Escape comes back beside the thread, focus on Full screen again.
    await panel.getByRole('button', { name: 'Full screen' }).click();
    const full = overlay(page);
    await expect
      .poll(async () => {
        const box = (await full.boundingBox())!;
        return [box.x, box.y, box.width, box.height].map(Math.round);
      })
      .toEqual([0, 0, VIEWPORTS.desktop.width, VIEWPORTS.desktop.height]);
    expect(await full.getByRole('button', { name: 'Full screen' }).getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Escape');
    await side(page).waitFor();
    expect(await overlay(page).count()).toBe(0);

    // Close hands focus back to the message box; the thread takes the whole width again.
    await panel.getByRole('button', { name: 'Close the artifact' }).click();
    expect(await side(page).count()).toBe(0);
    expect(await focused(page)).toContain('Message');

    // Any artifact block opens it again, at its own version, with focus on the shown view.
    await page.getByRole('button', { name: 'Open the HTML block in the panel' }).first().click();
    await side(page).waitFor();
    expect(await side(page).getByRole('combobox', { name: 'Version' }).inputValue()).toBe('1');
    expect(await focused(page)).toBe('button Preview');
    await side(page).frameLocator('iframe').frameLocator('iframe').getByRole('button', { name: 'Add one' }).waitFor();
  });
});

describe('an artifact that fails, desktop, dark', () => {
  let page: Page;
  pagePerTest({
    browser: 'file',
    viewport: VIEWPORTS.desktop,
    colorScheme: 'dark',
    checkPageErrors: false,
    async onOpen(opened) {
      page = opened.page;
      await openConnectedApp(page, appUrl, server);
    },
  });

  it('shows the error with its line, and Ask the model to fix it sends it as the next message', async () => {
    const broken = ['<!doctype html>', '<p>Almost</p>', '<script>', 'throw new Error("boom at the counter");', '</script>'].join('\n');
    await sendAndWait(page, 'A page that fails', broken);
    const panel = side(page);
    const alert = panel.getByRole('alert');
    await expect.poll(() => alert.textContent()).toBe('Error in the artifact, line 4: Uncaught Error: boom at the counter');
    await checkStop(page, 'panel with an error');

    server.setScript(textStream('Fixed.', { chunkSize: 8 }));
    await panel.getByRole('button', { name: 'Ask the model to fix it' }).click();
    const mine = page.getByRole('article', { name: 'You' }).last();
    await expect.poll(() => mine.textContent()).toContain('The preview of the HTML block fails at line 4 with this error:');
    expect(await mine.textContent()).toContain('Uncaught Error: boom at the counter');
    await page.getByRole('article', { name: 'Assistant' }).last().getByText('Fixed.').waitFor();
    const sent = server.requests.filter((r) => r.method === 'POST' && r.body?.stream).at(-1)!.body.messages.at(-1).content;
    expect(JSON.stringify(sent)).toContain('boom at the counter');
  });
});

describe('phone, dark, keyboard alone', () => {
  let page: Page;
  pagePerTest({
    browser: 'file',
    viewport: VIEWPORTS.phone,
    colorScheme: 'dark',
    hasTouch: true,
    isMobile: true,
    async onOpen(opened) {
      page = opened.page;
      await watchPointerEvents(page);
      await openConnectedApp(page, appUrl, server);
    },
  });

  it('covers the screen as a dialog, moves between its views with the arrows, and Escape returns to the message box', async () => {
    await sendAndWait(page, 'A counter page', VERSIONS[0]!, true);
    console.log('STEP sent', await page.locator('dialog').count(), await page.locator('.artifact-panel').count());
    // Over the whole screen, the panel is modal: the message box behind it waits until it closes.
    await overlay(page).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => overlay(page).count()).toBe(0);
    expect(await focused(page)).toContain('Message');
    await sendAndWait(page, 'Make the button blue', VERSIONS[1]!, true);
    const panel = overlay(page);
    await panel.waitFor();
    // Once the dialog's opening transition has run, it covers the screen exactly.
    await expect
      .poll(async () => {
        const box = (await panel.boundingBox())!;
        return [box.x, box.y, box.width, box.height].map(Math.round);
      })
      .toEqual([0, 0, VIEWPORTS.phone.width, VIEWPORTS.phone.height]);
    // Focus went into the dialog, and the page behind is out of reach.
    expect(await panel.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);

    // One tab in the Tab order (the shown view's); the arrows move between the views and show each.
    const preview = panel.getByRole('tab', { name: 'Preview' });
    await tabTo(page, preview);
    await panel.frameLocator('iframe').frameLocator('iframe').getByRole('button', { name: 'Add one' }).waitFor();
    await page.keyboard.press('ArrowRight');
    expect(await panel.getByRole('tab', { name: 'Code' }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => panel.getByRole('tabpanel').locator('code').textContent()).toBe(VERSIONS[1]);
    await page.keyboard.press('ArrowRight');
    expect(await panel.getByRole('tab', { name: 'Changes' }).getAttribute('aria-selected')).toBe('true');
    expect(await focused(page)).toContain('Changes');
    await expect.poll(() => panel.getByRole('status').textContent()).toBe('1 line added, 1 line removed');
    await checkStop(page, 'phone panel, changes');
    await page.keyboard.press('Home');
    expect(await preview.getAttribute('aria-selected')).toBe('true');
    await checkStop(page, 'phone panel, preview');

    await page.keyboard.press('Escape');
    await expect.poll(() => overlay(page).count()).toBe(0);
    expect(await focused(page)).toContain('Message');
    expect(await pointerEventsSeen(page)).toEqual([]);
  });
});
