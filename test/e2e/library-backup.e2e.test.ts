import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.mjs';
import { startOpenAiServer, type OpenAiServer } from '../support/openai-server/index.mjs';
import { afterAppIdle, composer, openConnectedApp, sendFromHome, streamedRequests } from './connected-app';
import { settingsSectionButton } from './locators';
import { axeViolations, horizontalOverflow, tabTo, VIEWPORTS, type ViewportName } from './screen-checks';

// Issue 23: the user's library travels in a backup. One profile holds standing instructions, a
// preset, a project with a file and a prompt; it backs up (Settings → Data); a fresh profile on
// another origin restores and gets them all back, and its next request carries the instructions.
const appUrl = inject('appUrl');
const otherOrigin = appUrl.replace('127.0.0.1', 'localhost');

/** Longest wait for one step. */
const STEP_TIMEOUT_MS = 8000;
/** Two browsers, a backup and a restore on a loaded two-core machine. */
const TEST_TIMEOUT_MS = 120_000;
/** Parley's starter prompts, added by each fresh profile when it first opens. */
const STARTER_PROMPTS = 6;

const ABOUT = 'I teach chemistry to teenagers.';
const LIBRARY = [
  { id: 'instructions', kind: 'instructions', createdAt: 10, updatedAt: 11, about: ABOUT, style: 'Short answers, SI units.', enabled: true },
  { id: 'preset-careful', kind: 'preset', createdAt: 20, updatedAt: 21, name: 'Careful coder', systemPrompt: 'Write tests first.', temperature: 0.2 },
  {
    id: 'project-lab',
    kind: 'project',
    createdAt: 30,
    updatedAt: 31,
    name: 'Lab reports',
    instructions: 'Mark against the rubric.',
    files: [{ id: 'file-rubric', name: 'rubric.md', kind: 'text', mimeType: 'text/markdown', size: 26, text: '# Rubric\nClarity: 5 points', addedAt: 32 }],
  },
  { id: 'prompt-quiz', kind: 'prompt', createdAt: 40, updatedAt: 41, name: 'Quiz me', body: 'Ask me {{count}} questions about {{topic}}.' },
];

/** The `library` store's rows, read from the page. */
function libraryRows(page: Page): Promise<{ id: string; starter?: boolean }[]> {
  return page.evaluate(
    () =>
      new Promise<{ id: string }[]>((resolve, reject) => {
        const open = indexedDB.open('parley');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const rows = open.result.transaction('library').objectStore('library').getAll();
          rows.onsuccess = () => {
            open.result.close();
            resolve(rows.result as { id: string }[]);
          };
        };
      }),
  );
}

/** Writes rows into the `library` store as the library's screens would have. */
function seedLibrary(page: Page, rows: readonly object[]): Promise<void> {
  return page.evaluate(
    (list) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('parley');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('library', 'readwrite');
          for (const row of list) tx.objectStore('library').put(row);
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    rows as object[],
  );
}

const settings = (p: Page) => p.getByRole('dialog', { name: 'Settings' });
const data = (p: Page) => settings(p).getByRole('region', { name: 'Data' });

/** Settings → Data: by keyboard (Ctrl+, then Tab to the section) or by pointer / finger. */
async function openData(p: Page, keyboard: boolean) {
  if (keyboard) {
    await p.keyboard.press('Control+,');
    await tabTo(p, settingsSectionButton(p, 'Data'));
    await p.keyboard.press('Enter');
  } else {
    await p.keyboard.press('Control+,');
    await settingsSectionButton(p, 'Data').click();
  }
  await data(p).getByRole('button', { name: 'Back up everything' }).waitFor();
}

let server: OpenAiServer;
beforeAll(async () => {
  server = await startOpenAiServer();
});
afterAll(async () => {
  await server?.close();
});

const CASES: { name: string; viewport: ViewportName; keyboard: boolean; colorScheme: 'light' | 'dark' }[] = [
  { name: 'at desktop size, by pointer, light', viewport: 'desktop', keyboard: false, colorScheme: 'light' },
  { name: 'on a 390 px touch phone, by keyboard alone, dark', viewport: 'phone', keyboard: true, colorScheme: 'dark' },
];

describe.each(CASES)('the library backed up and restored in a fresh profile ($name)', ({ viewport, keyboard, colorScheme }) => {
  it('brings back the instructions, the preset, the project with its file and the prompt; the next request carries the instructions', async () => {
    const phone = viewport === 'phone';
    const options = { viewport: VIEWPORTS[viewport], colorScheme, ...(phone && { hasTouch: true, isMobile: true }) };
    const source = await launchBrowser(options);
    const fresh = await launchBrowser(options);
    const errors: string[] = [];
    try {
      const page = await source.newPage();
      page.setDefaultTimeout(STEP_TIMEOUT_MS);
      page.on('pageerror', (error) => errors.push(String(error)));
      await openConnectedApp(page, appUrl, server);
      await afterAppIdle(page);
      await seedLibrary(page, LIBRARY);

      await openData(page, keyboard);
      const backUp = data(page).getByRole('button', { name: 'Back up everything' });
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        keyboard ? (await tabTo(page, backUp), page.keyboard.press('Enter')) : backUp.click(),
      ]);
      const file = await download.path();
      const backup = JSON.parse(await readFile(file, 'utf8')) as { version: number; library: { id: string }[] };
      expect(backup.version).toBe(2);
      for (const row of LIBRARY) expect(backup.library).toContainEqual(row);

      const other = await fresh.newPage();
      other.setDefaultTimeout(STEP_TIMEOUT_MS);
      other.on('pageerror', (error) => errors.push(String(error)));
      await openConnectedApp(other, otherOrigin, server);
      await afterAppIdle(other);
      // The fresh profile has only its own starter prompts.
      await expect.poll(async () => (await libraryRows(other)).length, { timeout: STEP_TIMEOUT_MS }).toBe(STARTER_PROMPTS);

      await openData(other, keyboard);
      const restore = data(other).getByRole('button', { name: 'Restore from a backup' });
      const [chooser] = await Promise.all([other.waitForEvent('filechooser'), keyboard ? (await tabTo(other, restore), other.keyboard.press('Enter')) : restore.click()]);
      await chooser.setFiles(file);
      const preview = data(other).getByRole('group', { name: /^Restore .+\?$/ });
      await preview.getByText('From your library, this would be added: your standing instructions, 1 preset, 1 project, and 1 prompt.').waitFor();
      // The starter prompts are here already (stamped by this profile): none comes back twice.
      await preview.getByText(`${STARTER_PROMPTS} library items are already here as the backup has them and are left as they are.`).waitFor();
      expect(await axeViolations(other, data(other))).toEqual([]);
      expect((await horizontalOverflow(other)).overflow).toBe(0);
      await preview.scrollIntoViewIfNeeded();
      await other.screenshot({ path: `/tmp/shots/library-restore-preview-${viewport}-${colorScheme}.png` });

      const apply = preview.getByRole('button', { name: 'Restore', exact: true });
      if (keyboard) {
        await tabTo(other, apply);
        await other.keyboard.press('Enter');
      } else await apply.click();
      await data(other).getByText(/Added from your library: your standing instructions, 1 preset, 1 project, and 1 prompt\./).waitFor();
      await other.screenshot({ path: `/tmp/shots/library-restore-done-${viewport}-${colorScheme}.png` });
      await other.keyboard.press('Escape');

      const rows = await libraryRows(other);
      for (const row of LIBRARY) expect(rows).toContainEqual(row);
      expect(rows).toHaveLength(STARTER_PROMPTS + LIBRARY.length);

      // Without a reload, the restored instructions are in the next request's system message.
      server.reset();
      if (phone) {
        // On a touch screen Enter is a new line: the Send button sends.
        await composer(other).fill('What is a mole?');
        await other.getByRole('button', { name: 'Send message' }).tap();
      } else await sendFromHome(other, 'What is a mole?');
      await expect.poll(() => streamedRequests(server).length, { timeout: STEP_TIMEOUT_MS }).toBeGreaterThan(0);
      const [system] = streamedRequests(server)[0]!.body.messages as { role: string; content: string }[];
      expect(system!.role).toBe('system');
      expect(system!.content).toContain(ABOUT);
      expect(errors).toEqual([]);
    } finally {
      await Promise.all([source.close(), fresh.close()]);
    }
  }, TEST_TIMEOUT_MS);
});
