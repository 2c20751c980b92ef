import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, type TestBrowser } from '../support/browser.mjs';
import { startCouchServer, type CouchServer } from '../support/couch-server/index.mjs';
import { afterAppIdle } from './connected-app';
import { openSettingsSection } from './locators';

// Issue 23: the user's library syncs like the chats. Two browser profiles (two devices) and the
// real CouchDB-protocol test server: a project with its file and a prompt made on A reach B, an
// edit on B reaches A. The library's own screens are other parts of the issue: here its rows are
// written as those screens write them (into IndexedDB, the other tabs told on the library's channel),
// and the running app's library store and sync take it from there.
const appUrl = inject('modelAppUrl');
const USER = 'ada';
const PASSWORD = 'correct horse';
/** Replication is live but asynchronous: a change reaches the other profile within seconds. */
const SYNC_TIMEOUT_MS = 20_000;
const TWO_PROFILE_TEST_TIMEOUT_MS = 90_000;

let couch: CouchServer;
const browsers: TestBrowser[] = [];
beforeEach(async () => {
  couch = await startCouchServer({ auth: 'basic', user: USER, password: PASSWORD });
});
afterEach(async () => {
  for (const browser of browsers.splice(0)) await browser.close();
  await couch.close();
});

async function device(): Promise<Page> {
  const browser = await launchBrowser();
  browsers.push(browser);
  const page = await browser.newPage();
  await page.goto(appUrl);
  // The library store reads its rows once the first screen is idle.
  await afterAppIdle(page);
  return page;
}

const syncStatus = (page: Page) => page.locator('.sidebar__footer').getByRole('status');

async function turnOnSync(page: Page) {
  await page.getByRole('button', { name: 'Settings' }).click();
  await openSettingsSection(page, 'Sync');
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('textbox', { name: 'CouchDB address' }).fill(couch.url);
  await dialog.getByRole('textbox', { name: 'User name' }).fill(USER);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Turn on sync' }).click();
  await dialog.getByRole('status').getByText(/^Sync is on with parley at /).waitFor();
  await page.keyboard.press('Escape');
  await syncStatus(page).filter({ hasText: /^Synced$/ }).waitFor({ timeout: SYNC_TIMEOUT_MS });
}

type Row = { id: string; kind: string; updatedAt: number; [field: string]: unknown };

/** Writes library rows as the library's screens in another tab would: stored, then the tabs told. */
function writeLibrary(page: Page, rows: readonly Row[]): Promise<void> {
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
            const channel = new BroadcastChannel('parley-library');
            channel.postMessage({ type: 'library-changed', id: list[0]?.id });
            channel.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    rows as Row[],
  );
}

function libraryRow(page: Page, id: string): Promise<Row | undefined> {
  return page.evaluate(
    (key) =>
      new Promise<Row | undefined>((resolve, reject) => {
        const open = indexedDB.open('parley');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const row = open.result.transaction('library').objectStore('library').get(key);
          row.onsuccess = () => {
            open.result.close();
            resolve(row.result as Row | undefined);
          };
        };
      }),
    id,
  );
}

const project: Row = {
  id: 'project-lab',
  kind: 'project',
  createdAt: 30,
  updatedAt: Date.now(),
  name: 'Lab reports',
  instructions: 'Mark against the rubric.',
  files: [{ id: 'file-rubric', name: 'rubric.md', kind: 'text', mimeType: 'text/markdown', size: 26, text: '# Rubric\nClarity: 5 points', addedAt: 32 }],
};
const prompt: Row = { id: 'prompt-quiz', kind: 'prompt', createdAt: 40, updatedAt: Date.now(), name: 'Quiz me', body: 'Ask me {{count}} questions about {{topic}}.' };

describe('the library between two browser profiles', { timeout: TWO_PROFILE_TEST_TIMEOUT_MS }, () => {
  it('a project with its file and a prompt made on A reach B; B’s later edit reaches A', async () => {
    const [a, b] = [await device(), await device()];
    await turnOnSync(a);
    await turnOnSync(b);

    await writeLibrary(a, [project, prompt]);
    await expect.poll(() => libraryRow(b, project.id), { timeout: SYNC_TIMEOUT_MS }).toEqual(project);
    await expect.poll(() => libraryRow(b, prompt.id), { timeout: SYNC_TIMEOUT_MS }).toEqual(prompt);
    // On the server as its own document, plain here (the database has no passphrase).
    const docs = await couch.rawDocs('parley');
    expect(docs.map((doc) => doc._id)).toEqual(expect.arrayContaining(['lib:project-lab', 'lib:prompt-quiz']));

    const edited = { ...prompt, body: 'Ask me {{count}} hard questions about {{topic}}.', updatedAt: prompt.updatedAt + 1000 };
    await writeLibrary(b, [edited]);
    await expect.poll(() => libraryRow(a, prompt.id), { timeout: SYNC_TIMEOUT_MS }).toEqual(edited);
    await syncStatus(a).filter({ hasText: /^Synced$/ }).waitFor({ timeout: SYNC_TIMEOUT_MS });
  });
});
