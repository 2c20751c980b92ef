import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, type TestBrowser } from '../support/browser.mjs';
import { startOpenAiServer, type OpenAiServer } from '../support/openai-server/index.mjs';
import { seedConnection } from '../support/seed-connection.mjs';
import { afterAppIdle, sendFromHome } from './connected-app';
import { nav as navOf, settingsSectionButton } from './locators';
import { pagePerTest } from './page-per-test';
import { checkStop, focused, pointerEventsSeen, tabTo, VIEWPORTS, watchPointerEvents } from './screen-checks';

// Back up everything on one origin, restore into a fresh profile on another (issue 14): the app
// with the deterministic echo model, at 127.0.0.1 and at localhost (two origins, two stores).
const appUrl = inject('modelAppUrl');
/** The production build, whose model requests go to the connections' servers. */
const connectedAppUrl = inject('appUrl');
const otherOrigin = appUrl.replace('127.0.0.1', 'localhost');
const at = (base: string, path: string) => new URL(path.replace(/^\//, ''), base).href;

/** Longest wait for one step (a backup or restore of two chats takes well under a second). */
const STEP_TIMEOUT_MS = 8000;

/** Two chats, a branch, a backup and a second browser: more than the default 30 s on a loaded two-core machine. */
const RESTORE_TEST_TIMEOUT_MS = 90_000;

let browser: TestBrowser;
let page: Page;
pagePerTest({
  failureScreenshot: '/tmp/shots/backup-failure.png',
  onOpen: (opened) => {
    ({ browser, page } = opened);
    // A step that cannot happen fails with its own message, well inside the test's time.
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
  },
});

const settings = (p: Page = page) => p.getByRole('dialog', { name: 'Settings' });
const data = (p: Page = page) => settings(p).getByRole('region', { name: 'Data' });

/** Settings → Data from the keyboard (Ctrl+, then the list of sections), as the keyboard-only case needs. */
async function openData(p: Page = page) {
  await p.keyboard.press('Control+,');
  await tabTo(p, settingsSectionButton(p, 'Data'));
  await p.keyboard.press('Enter');
  await data(p).getByRole('button', { name: 'Back up everything' }).waitFor();
}

async function startChat(text: string) {
  await page.goto(at(appUrl, '/'));
  await sendFromHome(page, text);
  await page.getByText(`Echo: ${text}`, { exact: true }).waitFor();
}

/** What a chat shows: its title and the thread on screen, message by message. */
const thread = (p: Page) => p.getByRole('article').allInnerTexts();

describe('back up everything and restore on another origin', () => {
  it('gives back the same chats, branches included, in a fresh profile', async () => {
    await startChat('Plan a trip to Lisbon');
    await startChat('Original question');
    await page.getByRole('article', { name: 'You' }).first().hover();
    await page.getByRole('button', { name: 'Edit', exact: true }).first().click();
    await page.getByRole('textbox', { name: 'Edit message' }).fill('Edited question');
    await page.getByRole('button', { name: 'Save and send' }).click();
    await page.getByText('Echo: Edited question', { exact: true }).waitFor();
    const branchedPath = new URL(page.url()).pathname;
    const edited = await thread(page);

    await openData();
    const [download] = await Promise.all([page.waitForEvent('download'), data().getByRole('button', { name: 'Back up everything' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^parley-backup-\d{4}-\d{2}-\d{2}\.json$/);
    const file = await download.path();
    await data().getByText(/^Backup saved as parley-backup-.*: 2 chats, 6 messages, 0 files\.$/).waitFor();
    await data().getByText(/^Last backup: /).waitFor();
    const backup = JSON.parse(await readFile(file, 'utf8'));
    expect(backup).toMatchObject({ format: 'parley.backup', version: 2, includesApiKeys: false });

    // Another origin, another profile: its store starts empty.
    const fresh = await launchBrowser();
    try {
      const other = await fresh.newPage();
      other.setDefaultTimeout(STEP_TIMEOUT_MS);
      const errors: string[] = [];
      other.on('pageerror', (error) => errors.push(String(error)));
      await other.goto(at(otherOrigin, '/'));
      await navOf(other).waitFor();
      expect(await navOf(other).getByRole('link', { name: 'Plan a trip to Lisbon' }).count()).toBe(0);
      await openData(other);
      const [chooser] = await Promise.all([other.waitForEvent('filechooser'), data(other).getByRole('button', { name: 'Restore from a backup' }).click()]);
      await chooser.setFiles(file);
      const preview = data(other).getByRole('group', { name: /^Restore .+\?$/ });
      await preview.getByText('2 chats with 6 messages and 0 files would be added.').waitFor();
      await preview.getByRole('button', { name: 'Restore', exact: true }).click();
      await data(other).getByText('Restored 2 chats with 6 messages and 0 files.', { exact: false }).waitFor();
      await other.keyboard.press('Escape');

      // The chats appear without a reload, and read the same, field by field in storage.
      await navOf(other).getByRole('link', { name: 'Plan a trip to Lisbon' }).waitFor();
      // Named after its first message: the edit made a branch, not a new chat.
      await navOf(other).getByRole('link', { name: 'Original question' }).click();
      expect(new URL(other.url()).pathname).toBe(branchedPath);
      await other.getByText('Echo: Edited question', { exact: true }).waitFor();
      expect(await thread(other)).toEqual(edited);
      await other.getByText('2/2', { exact: true }).first().waitFor();
      await other.getByRole('button', { name: 'Previous version' }).first().click();
      await other.getByText('Echo: Original question', { exact: true }).waitFor();

      const dump = () =>
        new Promise((resolve, reject) => {
          const open = indexedDB.open('parley');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction(['chats', 'messages']);
            const chats = tx.objectStore('chats').getAll();
            const messages = tx.objectStore('messages').getAll();
            tx.oncomplete = () => {
              open.result.close();
              const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1);
              resolve({ chats: chats.result.sort(byId), messages: messages.result.sort(byId) });
            };
          };
        });
      const before = (await page.evaluate(dump)) as { chats: { currentLeafId?: string }[] };
      const after = (await other.evaluate(dump)) as { chats: { currentLeafId?: string }[] };
      // Switching versions above moved the restored chat's current leaf: compare the rest as restored.
      const withoutLeaf = (d: typeof before) => ({ ...d, chats: d.chats.map(({ currentLeafId: _leaf, ...rest }) => rest) });
      expect(withoutLeaf(after)).toEqual(withoutLeaf(before));
      expect(errors).toEqual([]);
    } finally {
      await fresh.close();
    }
  }, RESTORE_TEST_TIMEOUT_MS);
});

describe('restoring a backup that carries connections (issue 20)', () => {
  let here: OpenAiServer;
  let confirmed: OpenAiServer;
  let unconfirmed: OpenAiServer;
  beforeAll(async () => {
    [here, confirmed, unconfirmed] = await Promise.all([startOpenAiServer(), startOpenAiServer({ models: ['restored-model'] }), startOpenAiServer()]);
  });
  afterAll(async () => {
    await Promise.all([here?.close(), confirmed?.close(), unconfirmed?.close()]);
  });
  const modelRequests = (server: OpenAiServer) => server.requests.filter((request) => request.path.endsWith('/models')).length;

  it('lists them first, contacts none before the user confirms, and then only the confirmed one', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'parley-restore-'));
    const file = path.join(dir, 'crafted-backup.json');
    const crafted = {
      format: 'parley.backup',
      version: 1,
      exportedAt: '2025-05-06T00:00:00.000Z',
      includesApiKeys: true,
      settings: {},
      connections: [
        // The same name as the connection here: kept apart as "Test server 2".
        { id: 'restored', name: 'Test server', kind: 'custom', baseUrl: confirmed.url },
        { id: 'never', name: 'Never asked', kind: 'openai', baseUrl: unconfirmed.url, apiKey: 'sk-NOT-CONFIRMED', apiKeyUrl: unconfirmed.url },
        { id: 'script', name: 'Script', kind: 'custom', baseUrl: 'javascript:alert(document.domain)' },
      ],
      chats: [
        {
          chat: { id: 'restored-chat', title: 'From the backup', titleSource: 'user', createdAt: 1, updatedAt: 1, pinned: false, model: 'restored/restored-model' },
          messages: [{ id: 'restored-m1', chatId: 'restored-chat', parentId: null, role: 'user', content: 'Restored question', status: 'complete', createdAt: 1 }],
          attachments: [],
        },
      ],
    };
    await writeFile(file, JSON.stringify(crafted));
    await page.goto(new URL('assets/seed.txt', connectedAppUrl).href);
    await page.evaluate(seedConnection, { baseUrl: here.url, kind: 'custom' });
    await page.goto(connectedAppUrl);
    await navOf(page).waitFor();
    confirmed.reset();
    unconfirmed.reset();

    await openData();
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), data().getByRole('button', { name: 'Restore from a backup' }).click()]);
    await chooser.setFiles(file);
    const preview = data().getByRole('group', { name: 'Restore crafted-backup.json?' });
    await preview.getByText('1 chat with 1 message and 0 files would be added.').waitFor();
    const restoredBox = preview.getByRole('checkbox', { name: `Add “Test server 2” and connect to ${confirmed.url}` });
    const neverBox = preview.getByRole('checkbox', { name: `Add “Never asked” and connect to ${unconfirmed.url}` });
    expect([await restoredBox.isChecked(), await neverBox.isChecked()]).toEqual([false, false]);
    await preview.getByText('“Script” (javascript:alert(document.domain)) is left out: Use an http:// or https:// address.').waitFor();
    await checkStop(page, 'restore preview with connections');
    // Nothing asked of either address while the user reads the preview.
    await page.waitForTimeout(500);
    expect([modelRequests(confirmed), modelRequests(unconfirmed)]).toEqual([0, 0]);

    await restoredBox.check();
    await preview.getByRole('button', { name: 'Restore', exact: true }).click();
    await data().getByText(/^Restored 1 chat with 1 message and 0 files\. 1 connection was added\./).waitFor();
    await page.keyboard.press('Escape');

    // After a reload the app lists the models of its connections: the confirmed one's, never the other's.
    await page.reload();
    await navOf(page).getByRole('link', { name: 'From the backup' }).click();
    await page.getByText('Restored question', { exact: true }).waitFor();
    await expect.poll(() => modelRequests(confirmed), { timeout: STEP_TIMEOUT_MS }).toBeGreaterThan(0);
    await afterAppIdle(page);
    expect(modelRequests(unconfirmed)).toBe(0);
    const stored = await page.evaluate(
      () =>
        new Promise<unknown>((resolve, reject) => {
          const open = indexedDB.open('parley');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const row = open.result.transaction('settings').objectStore('settings').get('connections');
            row.onsuccess = () => {
              open.result.close();
              resolve(row.result?.value);
            };
          };
        }),
    );
    expect((stored as { id: string; name: string; baseUrl: string }[]).map(({ id, name, baseUrl }) => [id, name, baseUrl])).toEqual([
      ['test', 'Test server', here.url],
      ['restored', 'Test server 2', confirmed.url],
    ]);
    expect(JSON.stringify(stored)).not.toContain('sk-NOT-CONFIRMED');
  }, RESTORE_TEST_TIMEOUT_MS);
});

describe('Settings → Data', () => {
  it('shows the usage figure and the outcome of asking for persistent storage', async () => {
    await startChat('Keep me');
    await openData();
    const usage = data().getByText(/^Parley uses .+ of the .+ this browser allows\.$/);
    await usage.waitFor();
    const persist = data().locator('.data-persist');
    await expect.poll(() => persist.getAttribute('data-state')).not.toBe('checking');
    const ask = data().getByRole('button', { name: 'Ask to keep data' });
    if (await ask.count()) {
      await ask.click();
      // Headless Chromium may grant or refuse: either way the answer is shown.
      await expect.poll(() => persist.getAttribute('data-state')).toMatch(/^(granted|denied)$/);
    } else expect(await persist.getAttribute('data-state')).toBe('persistent');
    expect((await persist.textContent())!.length).toBeGreaterThan(10);
  });

  it('works from the keyboard alone: include keys, back up, the reminder', async () => {
    await watchPointerEvents(page);
    await startChat('Keyboard only');
    await openData();
    const keys = data().getByRole('checkbox', { name: 'Include API keys' });
    await tabTo(page, keys);
    await page.keyboard.press('Space');
    await data().getByText(/The file will hold your API keys/).waitFor();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('button Back up everything');
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(JSON.parse(await readFile(await download.path(), 'utf8')).includesApiKeys).toBe(true);
    const days = data().getByRole('spinbutton', { name: 'Days without a backup before the reminder' });
    await tabTo(page, days);
    await page.keyboard.press('Control+a');
    await page.keyboard.type('14');
    await page.keyboard.press('Enter');
    await tabTo(page, data().getByRole('switch', { name: 'Remind me to back up' }), { backwards: true });
    await page.keyboard.press('Space');
    expect(await days.isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await settings().waitFor({ state: 'hidden' });
    await openData();
    // Read back from storage as the section opens again.
    await expect.poll(() => days.inputValue()).toBe('14');
    expect(await data().getByRole('switch', { name: 'Remind me to back up' }).isChecked()).toBe(false);
    expect(await pointerEventsSeen(page)).toEqual([]);
  });
});

describe.each([
  ['phone', VIEWPORTS.phone],
  ['desktop', VIEWPORTS.desktop],
] as const)('the Data section at %s', (name, viewport) => {
  it.each(['light', 'dark'] as const)('has no axe violation in %s', async (scheme) => {
    await page.setViewportSize(viewport);
    await page.emulateMedia({ colorScheme: scheme });
    await startChat('Checked by axe');
    await openData();
    const keys = data().getByRole('checkbox', { name: 'Include API keys' });
    await keys.check();
    await data().scrollIntoViewIfNeeded();
    await checkStop(page, `Data section, ${name}, ${scheme}`);
    if (scheme === 'light') {
      await data().getByRole('button', { name: 'Back up everything' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/shots/data-${name}.png` });
    } else await page.screenshot({ path: `/tmp/shots/data-${name}-dark.png` });
  });
});
