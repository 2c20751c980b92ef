// Settings → Compare (issue 38) in real Chromium: the leaderboard of votes stored in the library,
// on a 390×844 touch screen and at a desk, light and dark: the page never scrolls sideways (a
// table too wide scrolls in its own box), axe clean; Clear leaderboard and Undo by finger.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { composer, settingsDialog } from './locators';
import { pagePerTest } from './page-per-test';
import { axeViolations, horizontalOverflow, VIEWPORTS } from './screen-checks';

const appUrl = inject('appUrl');
/** Where pictures of each screen go when PARLEY_SHOTS names a folder (for a person to look at; never in the repository). */
const SHOTS = process.env.PARLEY_SHOTS;

let page: Page;
const section = () => settingsDialog(page).getByRole('region', { name: 'Compare' });

/** Long names, as a local server's model ids often are: the tables must not push the dialog sideways. */
const LONG = 'hf.co/unsloth/Qwen3-30B-A3B-Instruct-2507-GGUF:Q4_K_M';
const VOTES = [
  { id: 'v1', kind: 'vote', createdAt: 1, updatedAt: 1, models: [LONG, 'llama3.2:3b'], winner: LONG },
  { id: 'v2', kind: 'vote', createdAt: 2, updatedAt: 2, models: ['llama3.2:3b', 'gemma3:4b', LONG] },
  { id: 'v3', kind: 'vote', createdAt: 3, updatedAt: 3, models: ['gemma3:4b', 'llama3.2:3b'], winner: 'gemma3:4b' },
];

/** Opens the app once (so its database exists), stores the votes as library rows, and opens Settings → Compare. */
async function openWithVotes() {
  await page.goto(appUrl);
  await composer(page).waitFor();
  await page.evaluate(
    (rows) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('parley');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('library', 'readwrite');
          for (const row of rows) tx.objectStore('library').put(row);
          tx.oncomplete = () => (open.result.close(), resolve());
          tx.onerror = () => reject(tx.error);
        };
      }),
    VOTES,
  );
  await page.goto(new URL('?settings=compare', appUrl).href);
  await section().getByRole('table', { name: 'Models' }).waitFor();
}

async function checkScreen(name: string, scheme: string) {
  expect(await horizontalOverflow(page)).toEqual({ overflow: 0, culprits: [] });
  expect(await axeViolations(page, settingsDialog(page))).toEqual([]);
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `compare-${name}-${page.viewportSize()!.width}-${scheme}.png`) });
    const pairs = section().getByRole('table', { name: 'Head to head' });
    if ((await pairs.count()) === 0) return;
    await pairs.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, `compare-${name}-pairs-${page.viewportSize()!.width}-${scheme}.png`) });
  }
}

describe.each(['light', 'dark'] as const)('on a 390×844 touch screen, %s', (scheme) => {
  pagePerTest({ viewport: VIEWPORTS.phone, hasTouch: true, isMobile: true, colorScheme: scheme, onOpen: (opened) => void (page = opened.page) });

  it('shows the standings and the pairs, each table scrolling in its own box; Clear and Undo by finger', async () => {
    await openWithVotes();
    const models = section().getByRole('table', { name: 'Models' });
    expect(await models.getByRole('rowheader').allTextContents()).toEqual(['gemma3:4b', LONG, 'llama3.2:3b']);
    // The box, not the dialog, is what may be wider than the screen.
    for (const name of ['Models', 'Head to head']) {
      const box = await section().getByRole('group', { name }).boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    }
    await checkScreen('counted', scheme);

    await section().getByRole('button', { name: 'Clear leaderboard' }).tap();
    await expect.poll(() => section().getAttribute('data-state')).toBe('empty');
    await expect.poll(() => section().getByRole('status').textContent()).toBe('Leaderboard cleared: 3 votes removed. Undo');
    await checkScreen('cleared', scheme);

    await section().getByRole('status').getByRole('button', { name: 'Undo' }).tap();
    await expect.poll(() => section().getAttribute('data-state')).toBe('counted');
    // Undo puts the votes back one by one: the table fills as they land.
    await expect.poll(() => section().getByRole('table', { name: 'Head to head' }).getByRole('row').count()).toBe(4);
  });
});

describe('at a desk', () => {
  pagePerTest({ viewport: VIEWPORTS.desktop, colorScheme: 'dark', onOpen: (opened) => void (page = opened.page) });

  it('shows the tables whole, axe clean, and a reload keeps the votes', async () => {
    await openWithVotes();
    await checkScreen('counted', 'dark');
    await page.reload();
    await section().getByRole('table', { name: 'Models' }).waitFor();
    expect(await section().getByText('Counted from 3 votes.').count()).toBe(1);
  });
});
