import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { composer, nav, settingsSectionButton } from './locators';
import { pagePerTest } from './page-per-test';
import { checkStop, focused, pointerEventsSeen, tabTo, VIEWPORTS, watchPointerEvents } from './screen-checks';

// Import from another app (issue 14): a ChatGPT export dropped on the page, previewed, imported,
// its branches browsed; a second import adds nothing; a broken file names itself and adds nothing;
// and the same from Settings → Data with the keyboard alone. The app with the echo model, so the
// home page's composer takes dropped files too: an export must not become an attachment there.
const appUrl = inject('modelAppUrl');
const at = (p: string) => new URL(p.replace(/^\//, ''), appUrl).href;

/** Longest wait for one step (reading and writing three small chats takes well under a second). */
const STEP_TIMEOUT_MS = 8000;

const FIXTURES = path.resolve('test/fixtures/import');
const zipBytes = readFileSync(path.join(FIXTURES, 'chatgpt/export.zip')).toString('base64');
const conversations = readFileSync(path.join(FIXTURES, 'chatgpt/conversations.json'), 'utf8');

let page: Page;
pagePerTest({
  failureScreenshot: '/tmp/shots/import-failure.png',
  onOpen: (opened) => {
    ({ page } = opened);
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
  },
});

const importDialog = () => page.getByRole('dialog', { name: 'Import chats' });
const previewHeading = (p: Page = page) => p.getByRole('heading', { name: 'Found in the ChatGPT export' });

async function openHome() {
  await page.goto(at('/'));
  await composer(page).waitFor();
  // The drop catcher starts once the first screen is up, while the page is idle.
  await page.locator('html[data-import-drop="on"]').waitFor({ state: 'attached' });
}

/** Drops one file on the page as a file manager would: dragenter, dragover, drop with a DataTransfer holding it. */
async function dropFile(name: string, base64: string) {
  await page.evaluate(
    ({ name, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], name, { type: name.endsWith('.zip') ? 'application/zip' : 'application/json' }));
      const target = document.querySelector('main') ?? document.body;
      for (const type of ['dragenter', 'dragover', 'drop']) {
        target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer, clientX: 200, clientY: 200 }));
      }
    },
    { name, base64 },
  );
}

const dropZip = () => dropFile('chatgpt-export.zip', zipBytes);
const linkCount = (title: string) => nav(page).getByRole('link', { name: title, exact: true }).count();

describe('import a ChatGPT export by dropping it', () => {
  it('previews it, imports it, shows the chats at once with their branches, and adds nothing the second time', async () => {
    await openHome();
    await dropZip();
    await previewHeading().waitFor();
    const facts = importDialog().getByRole('listitem');
    expect(await facts.allInnerTexts()).toEqual(
      expect.arrayContaining(['3 chats with 11 messages', 'To import: 3 chats, 11 messages, 2 pictures and files']),
    );
    // The zip went to the import, not into the message box as an attachment.
    expect(await page.getByText('chatgpt-export.zip').count()).toBe(0);
    expect(await focused(page)).toBe('button Import');

    await importDialog().getByRole('button', { name: 'Import', exact: true }).click();
    await importDialog().getByRole('status').getByText('Imported 3 chats, 11 messages.', { exact: true }).waitFor();
    // Listed without a reload: the import announced its chats like another tab's changes.
    await nav(page).getByRole('link', { name: 'Trip plan', exact: true }).waitFor();
    expect(await focused(page)).toBe('button Choose a file to import');
    await importDialog().getByRole('button', { name: 'Close' }).first().click();
    await importDialog().waitFor({ state: 'hidden' });

    await nav(page).getByRole('link', { name: 'Trip plan', exact: true }).click();
    // ChatGPT's current branch: the second answer to the first question.
    await page.getByText('Day 1: Belém. Day 2: Sintra. Day 3: Cascais.').waitFor();
    const reply = page.getByRole('article').filter({ hasText: 'Day 1: Belém' });
    await reply.getByText('2/2', { exact: true }).waitFor();
    await reply.hover();
    await reply.getByRole('button', { name: 'Previous version' }).click();
    await page.getByText('Day 1', { exact: true }).waitFor();
    await page.getByText('Alfama and the castle.', { exact: false }).waitFor();
    expect(await page.getByText('Day 1: Belém').count()).toBe(0);

    // The same file again: recognised, nothing to import, no second copy in the history.
    await dropZip();
    await previewHeading().waitFor();
    await importDialog().getByText('3 chats are already here and will be left out').waitFor();
    expect(await importDialog().getByRole('button', { name: 'Import', exact: true }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await importDialog().waitFor({ state: 'hidden' });
    expect(await linkCount('Trip plan')).toBe(1);
    expect(await linkCount('Prime numbers')).toBe(1);
  });

  it('an Open WebUI chat with reasoning and tool calls reads as Parley’s own: no markup, the thinking time, the calls and their results', async () => {
    await openHome();
    const owui = readFileSync(path.join(FIXTURES, 'openwebui/reasoning-tools.json')).toString('base64');
    await dropFile('chat-export.json', owui);
    await importDialog().getByRole('heading', { name: 'Found in the Open WebUI export' }).waitFor();
    await importDialog().getByRole('button', { name: 'Import', exact: true }).click();
    await importDialog().getByRole('status').getByText(/^Imported 1 chat, /).waitFor();
    await importDialog().getByRole('button', { name: 'Close' }).first().click();
    await nav(page).getByRole('link', { name: 'Reasoning and tools', exact: true }).click();
    await page.getByText('It is sunny in Oslo (18 °C) and 14:05: a good time for a walk.').waitFor();
    const thread = page.locator('main');
    expect(await thread.innerText()).not.toMatch(/<details|<summary|&gt;|&quot;/);
    expect(await page.getByText('Thought for 3 s').count()).toBe(1);
    expect(await page.getByText('255', { exact: true }).count()).toBe(1);
    expect(await thread.getByText('get_weather').count()).toBeGreaterThan(0);
    await checkStop(page, 'an imported Open WebUI chat with tools');
  });

  it('names a broken file and imports nothing from it', async () => {
    await openHome();
    const truncated = Buffer.from(conversations.slice(0, Math.floor(conversations.length / 2))).toString('base64');
    await dropFile('conversations.json', truncated);
    const alert = importDialog().getByRole('alert');
    await alert.getByText(/conversations\.json stops before its end/).waitFor();
    expect(await alert.innerText()).toBe('Nothing was imported. conversations.json stops before its end: the download was probably cut off. Download the export again.');
    expect(await focused(page)).toBe('button Choose a file to import');
    await page.keyboard.press('Escape');
    expect(await linkCount('Trip plan')).toBe(0);
  });
});

describe('Settings → Data: Import from another app', () => {
  it('works from the keyboard alone, with focus where the next step is', async () => {
    await watchPointerEvents(page);
    await openHome();
    await page.keyboard.press('Control+,');
    await tabTo(page, settingsSectionButton(page, 'Data'));
    await page.keyboard.press('Enter');
    const data = page.getByRole('dialog', { name: 'Settings' }).getByRole('region', { name: 'Data' });
    const choose = data.getByRole('button', { name: 'Choose a file to import' });
    await choose.waitFor();
    // Listening before the key press: Playwright turns file-chooser interception on asynchronously.
    const choosing = page.waitForEvent('filechooser');
    await tabTo(page, choose);
    await page.keyboard.press('Enter');
    const chooser = await choosing;
    expect(chooser.isMultiple()).toBe(true);
    await chooser.setFiles(path.join(FIXTURES, 'claude/conversations.json'));
    await data.getByRole('heading', { name: 'Found in the Claude export' }).waitFor();
    await expect.poll(() => focused(page)).toBe('button Import');
    await page.keyboard.press('Enter');
    await data.getByText(/^Imported 2 chats, 6 messages\.$/).waitFor();
    expect(await focused(page)).toBe('button Choose a file to import');
    await page.keyboard.press('Escape');
    await nav(page).getByRole('link', { name: 'Sourdough starter', exact: true }).waitFor();
    expect(await pointerEventsSeen(page)).toEqual([]);
  });
});

describe.each([
  ['phone', VIEWPORTS.phone],
  ['desktop', VIEWPORTS.desktop],
] as const)('the import preview at %s', (name, viewport) => {
  it.each(['light', 'dark'] as const)('has no axe violation in %s', async (scheme) => {
    await page.setViewportSize(viewport);
    await page.emulateMedia({ colorScheme: scheme });
    await openHome();
    await dropZip();
    await previewHeading().waitFor();
    await checkStop(page, `import preview, ${name}, ${scheme}`);
    await page.screenshot({ path: `/tmp/shots/import-${name}${scheme === 'dark' ? '-dark' : ''}.png` });
  });
});
