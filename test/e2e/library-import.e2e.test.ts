import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { composer, settingsSectionButton } from './locators';
import { pagePerTest } from './page-per-test';
import { axeViolations, horizontalOverflow, tabTo, VIEWPORTS } from './screen-checks';

// Issue 23: Claude's export with projects.json, chosen in Settings → Data, comes in as projects
// (through the import worker, into IndexedDB): the preview names them, Import adds them with their
// files, and choosing the same files again adds none.
const appUrl = inject('modelAppUrl');
const FIXTURES = path.resolve('test/fixtures/import');
const FILES = [path.join(FIXTURES, 'claude/conversations.json'), path.join(FIXTURES, 'claude/projects.json')];
const STEP_TIMEOUT_MS = 8000;

type Project = { kind: string; name: string; instructions?: string; files: { name: string; text: string }[]; source?: { app: string; id: string } };

function projects(page: Page): Promise<Project[]> {
  return page.evaluate(
    () =>
      new Promise<Project[]>((resolve, reject) => {
        const open = indexedDB.open('parley');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const rows = open.result.transaction('library').objectStore('library').getAll();
          rows.onsuccess = () => {
            open.result.close();
            resolve((rows.result as Project[]).filter((row) => row.kind === 'project').sort((a, b) => a.name.localeCompare(b.name)));
          };
        };
      }),
  );
}

describe.each([
  { name: 'desktop, by pointer, light', viewport: VIEWPORTS.desktop, keyboard: false, colorScheme: 'light' as const, touch: false },
  { name: '390 px touch phone, by keyboard alone, dark', viewport: VIEWPORTS.phone, keyboard: true, colorScheme: 'dark' as const, touch: true },
])('Claude’s projects.json imported ($name)', ({ viewport, keyboard, colorScheme, touch }) => {
  let page: Page;
  pagePerTest({
    viewport,
    colorScheme,
    ...(touch && { hasTouch: true, isMobile: true }),
    failureScreenshot: '/tmp/shots/library-import-failure.png',
    onOpen: (opened) => {
      ({ page } = opened);
      page.setDefaultTimeout(STEP_TIMEOUT_MS);
    },
  });

  it('the preview names the projects; Import adds them with their files; a second import adds none', async () => {
    await page.goto(appUrl);
    await composer(page).waitFor();
    await page.keyboard.press('Control+,');
    if (keyboard) {
      await tabTo(page, settingsSectionButton(page, 'Data'));
      await page.keyboard.press('Enter');
    } else await settingsSectionButton(page, 'Data').click();
    const data = page.getByRole('dialog', { name: 'Settings' }).getByRole('region', { name: 'Data' });
    const choose = data.getByRole('button', { name: 'Choose a file to import' });
    await choose.waitFor();

    const chooseFiles = async () => {
      const choosing = page.waitForEvent('filechooser');
      if (keyboard) {
        await tabTo(page, choose);
        await page.keyboard.press('Enter');
      } else await choose.click();
      await (await choosing).setFiles(FILES);
      return data.getByRole('heading', { name: 'Found in the Claude export' });
    };

    const heading = await chooseFiles();
    await heading.waitFor();
    const preview = data.locator('section.import-preview');
    await preview.getByText('Projects to add: “Thesis: soil microbiome”, “Meal planning”.').waitFor();
    expect(await axeViolations(page, preview)).toEqual([]);
    expect((await horizontalOverflow(page)).overflow).toBe(0);
    await preview.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/shots/library-import-preview-${touch ? 'phone' : 'desktop'}-${colorScheme}.png` });

    const importButton = preview.getByRole('button', { name: 'Import' });
    if (keyboard) {
      await expect.poll(async () => importButton.evaluate((button) => button === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
    } else await importButton.click();
    await data.getByRole('status').getByText(/Added 2 projects\./).waitFor();

    const [meals, thesis] = await projects(page);
    expect(thesis).toMatchObject({
      name: 'Thesis: soil microbiome',
      instructions: 'You are helping me write a PhD thesis chapter. Use British spelling and cite sources as (Author, Year).',
      source: { app: 'claude', id: '7a1c3e52-0000-4000-8000-00000000a001' },
    });
    expect(thesis!.files.map((file) => file.name)).toEqual(['chapter-3-outline.md', 'supervisor-notes.txt']);
    expect(meals!.name).toBe('Meal planning');

    await (await chooseFiles()).waitFor();
    await preview.getByText('2 projects were imported before and are left out; their new chats go into them.').waitFor();
    expect(await projects(page)).toHaveLength(2);
  });
});
