import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, type TestBrowser } from '../support/browser.mjs';
import { startOpenAiServer, textStream, type OpenAiServer } from '../support/openai-server/index.mjs';
import { composer, openConnectedApp, sendFromHome } from './connected-app';
import { openSettingsSection, settingsSectionButton } from './locators';
import { focused } from './screen-checks';
import { checkTouchTargets } from './touch-targets';

// The journey through Settings: adding a connection, its API key, the model picker, chat titles;
// the production build against real OpenAI-compatible HTTP servers, on a phone and a laptop.
const appUrl = inject('appUrl');
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 860 },
] as const;
/** Enough models to need a search, as OpenRouter lists. */
const MANY_MODELS = 320;
/** How long one step may wait for what it expects. */
const STEP_TIMEOUT_MS = 8000;
/** Longer than the colour transitions a theme change starts, so axe measures the final colours. */
const THEME_SETTLE_MS = 400;
/** The home page's first-run look for a local Ollama or llama.cpp (keyless, by design): not the journey's requests. */
const LOCAL_PROBES = ['http://localhost:11434/v1/models', 'http://localhost:8080/v1/models'];

let server: OpenAiServer;
let other: OpenAiServer;
let browser: TestBrowser;
let page: Page;
/** Every request the page made to a server other than the app's, with whether it carried a key. */
let outgoing: { url: string; authorization: boolean }[];

beforeAll(async () => {
  server = await startOpenAiServer({ models: ['test-model'] });
  other = await startOpenAiServer({ models: ['other-model'] });
});
afterAll(async () => {
  await server?.close();
  await other?.close();
});
afterEach(async () => {
  await browser?.close();
});

async function open(viewport: { width: number; height: number }, touch = false) {
  server.reset();
  other.reset();
  browser = await launchBrowser({ viewport, hasTouch: touch, isMobile: touch });
  page = await browser.newPage();
  // A step that cannot happen fails on its own line, well inside the test's time.
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  outgoing = [];
  const app = new URL(appUrl).origin;
  page.on('request', (request) => {
    if (new URL(request.url()).origin !== app && !LOCAL_PROBES.includes(request.url())) outgoing.push({ url: request.url(), authorization: 'authorization' in request.headers() });
  });
}

/** A port nothing listens on: a request there fails like one to a server that is down. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function axeViolations(selector: string): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (context) => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, o: object): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run({ include: [[context]] }, { resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
  }, selector);
}

async function expectAccessibleInBothThemes(selector: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(scheme);
    await page.waitForTimeout(THEME_SETTLE_MS);
    expect(await axeViolations(selector), `${selector} in the ${scheme} theme`).toEqual([]);
  }
}

const settings = () => page.getByRole('dialog', { name: 'Settings' });
const textbox = (name: string) => settings().getByRole('textbox', { name });

async function openSettings() {
  await openSettingsSection(page, 'Connections and models');
  await settings().waitFor();
}

async function addPreset(name: RegExp) {
  await settings().getByRole('button', { name: 'Add connection' }).click();
  await page.getByRole('menuitem', { name }).click();
}

describe.each(VIEWPORTS)('Settings at $width×$height', (viewport) => {
  it('adds a connection without asking anything until its address is confirmed, and words a network failure as one', async () => {
    await open(viewport);
    await page.goto(appUrl);
    await composer(page).waitFor();
    await openSettings();
    await settings().getByRole('button', { name: 'Add connection' }).click();
    // Every preset is readable whole inside the dialog: nothing cut off, nothing outside the screen.
    const items = page.getByRole('menuitem');
    expect(await items.count()).toBe(9);
    for (const item of await items.all()) {
      const box = (await item.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      expect(await item.evaluate((el) => el.querySelector('.menu__label')!.scrollWidth <= el.querySelector('.menu__label')!.clientWidth)).toBe(true);
    }
    await page.getByRole('menuitem', { name: /^OpenAI-compatible server/ }).click();
    await page.waitForTimeout(300);
    expect(outgoing).toEqual([]);
    expect(await settings().getByText('Nothing answered at this address').count()).toBe(0);
    expect(await settings().getByText('Not tested yet', { exact: true }).count()).toBe(1);

    const down = `http://127.0.0.1:${await closedPort()}/v1`;
    await textbox('Base URL').fill(down);
    await settings().getByRole('button', { name: 'Test connection' }).click();
    const result = settings().locator('.test-result');
    await expect.poll(() => result.getAttribute('data-state')).toBe('failed');
    // The button was disabled while it asked, which drops focus to <body>: it gets it back (issue 33).
    await expect.poll(() => focused(page)).toBe('button Test connection');
    expect(await result.textContent()).toContain(`No server answered. The browser reported: Could not reach ${down}/models`);
    expect(await result.textContent()).not.toContain('The server said');

    // A section header stays whole and opaque while the dialog's body scrolls under it.
    const body = settings().locator('.dialog__body');
    await body.evaluate((el) => (el.scrollTop = 200));
    const header = settings().locator('.settings-section__header').first();
    const [headerBox, bodyBox] = [(await header.boundingBox())!, (await body.boundingBox())!];
    expect(headerBox.y).toBeGreaterThanOrEqual(bodyBox.y);
    expect(await header.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toMatch(/rgba\(.*, 0\)|transparent/);
    // …and a divider: what scrolls under it is cut along a line.
    expect(await header.evaluate((el) => getComputedStyle(el).borderBottomWidth)).toBe('1px');
    await expectAccessibleInBothThemes('dialog[open]');

    // Opened at a section by its address, focus starts on that section (issue 33): its entry in
    // the list, marked current; on a phone, where the section fills the screen, the way back.
    const phone = viewport.width < 640;
    await page.goto(new URL('?settings=chats', appUrl).href);
    await settings().waitFor();
    // By its class: on a phone showing a section, the list is hidden (and so has no role to find it by).
    const list = settings().locator('nav.settings-nav');
    expect(await list.locator('[aria-current="true"]').textContent()).toBe('Chats');
    await expect.poll(() => focused(page)).toBe(phone ? 'button All settings' : 'button Chats');
    const description = settings().locator('.dialog__description');
    const box = async (locator = settings()) => {
      const { x, y, width, height } = (await locator.boundingBox())!;
      return [x, y, width, height].map(Math.round);
    };
    if (phone) {
      // Full screen; the description once, above the list, not above every section; chevrons on the list.
      expect(await box()).toEqual([0, 0, viewport.width, viewport.height]);
      expect(await description.isVisible()).toBe(false);
      await settings().getByRole('button', { name: 'All settings' }).click();
      await expect.poll(() => description.isVisible()).toBe(true);
      expect(await list.locator('.settings-nav__chevron').first().isVisible()).toBe(true);
      await expectAccessibleInBothThemes('dialog[open]');
    } else {
      // One height for every section: the list never moves under the pointer.
      expect(await list.locator('.settings-nav__chevron').first().isVisible()).toBe(false);
      const frames = new Set<string>();
      for (const name of ['Instructions', 'Chats', 'Data', 'Sync', 'Connections and models']) {
        await settingsSectionButton(page, name).click();
        await expect.poll(() => list.locator('[aria-current="true"]').textContent()).toBe(name);
        frames.add(JSON.stringify([await box(), await box(list)]));
      }
      expect([...frames]).toHaveLength(1);
    }
  });

  it('sends an API key only to the address confirmed for it, and asks before it follows a new one', async () => {
    await open(viewport);
    await page.goto(appUrl);
    await composer(page).waitFor();
    await openSettings();
    await addPreset(/^OpenAI-compatible server/);
    // The key first, on the preset's address: nothing is sent anywhere.
    await settings().getByLabel('API key (optional)').fill('sk-secret');
    await settings().getByLabel('API key (optional)').blur();
    await page.waitForTimeout(300);
    expect(outgoing).toEqual([]);

    await textbox('Base URL').fill(server.url);
    await textbox('Base URL').blur();
    await expect.poll(() => server.requests.filter((r) => r.path.endsWith('/models') && r.method === 'GET').length).toBeGreaterThan(0);
    expect(server.requests.find((r) => r.method === 'GET')!.headers.authorization).toBe('Bearer sk-secret');

    // A new address: the key stays behind unless the user says otherwise.
    await textbox('Base URL').fill(other.url);
    await textbox('Base URL').blur();
    const ask = page.getByRole('alertdialog', { name: 'Send the API key to the new address?' });
    await ask.waitFor();
    expect(await ask.getByRole('button', { name: 'Cancel' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await ask.getByRole('button', { name: 'Remove the key' }).click();
    await expect.poll(() => other.requests.filter((r) => r.method === 'GET').length).toBeGreaterThan(0);
    expect(other.requests.every((r) => r.headers.authorization === undefined)).toBe(true);
    expect(await settings().getByLabel('API key (optional)').inputValue()).toBe('');
    for (const request of outgoing.filter((r) => r.authorization)) expect(request.url.startsWith(server.url)).toBe(true);

    // Session only: used now, never stored, asked for again after a reload.
    await settings().getByLabel('API key (optional)').fill('sk-session');
    await settings().getByLabel('API key (optional)').blur();
    await settings().getByRole('checkbox', { name: 'Keep the key for this session only' }).check();
    await settings().getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => other.requests.some((r) => r.headers.authorization === 'Bearer sk-session')).toBe(true);
    await expectAccessibleInBothThemes('dialog[open]');
    await page.keyboard.press('Escape');
    await page.reload();
    await composer(page).waitFor();
    const stored = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const request = indexedDB.open('parley');
          request.onsuccess = () => {
            const get = request.result.transaction('settings').objectStore('settings').get('connections');
            get.onsuccess = () => resolve(JSON.stringify(get.result));
          };
        }),
    );
    expect(stored).not.toContain('sk-session');
    expect(stored).not.toContain('sk-secret');
    await openSettings();
    // Folded, its summary says what is missing; opened, the field says why.
    const item = settings().getByRole('button', { name: /^OpenAI-compatible server/ });
    expect(await item.getAttribute('aria-expanded')).toBe('false');
    expect(await item.textContent()).toContain('API key needed');
    await item.click();
    expect(await item.getAttribute('aria-expanded')).toBe('true');
    await settings().getByText('This key was kept for a session that has ended: enter it again.').waitFor();
    expect(await settings().getByLabel('API key (optional)').inputValue()).toBe('');
  });

  it('searches and picks a model among hundreds from the keyboard alone', async () => {
    await open(viewport);
    const ids = [...Array.from({ length: MANY_MODELS }, (_, i) => `vendor-${i}/a-very-long-model-name-that-goes-on-and-on-${i}`), 'test-model', 'Mistral-Médium-Instruct'];
    server.setModels(ids);
    await openConnectedApp(page, appUrl, server);
    const picker = page.getByRole('button', { name: /^Model test-model/ });
    await picker.focus();
    await page.keyboard.press('Enter');
    const search = page.getByRole('combobox', { name: 'Search models' });
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await picker.getAttribute('aria-expanded')).toBe('true');
    const listbox = page.getByRole('listbox', { name: 'Models' });
    expect(await listbox.getByRole('option').count()).toBe(ids.length);
    // The popover fits the screen; long ids are cut with an ellipsis, not spilling sideways.
    const popover = (await page.locator('.model-picker__popover').boundingBox())!;
    expect(popover.x).toBeGreaterThanOrEqual(0);
    expect(popover.x + popover.width).toBeLessThanOrEqual(viewport.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await expectAccessibleInBothThemes('.model-picker__popover');

    await page.keyboard.type('MEDIUM');
    expect(await listbox.getByRole('option').allTextContents()).toEqual(['Mistral-Médium-Instruct']);
    await page.keyboard.press('Control+a');
    await page.keyboard.type('on-3');
    const matches = await listbox.getByRole('option').allTextContents();
    expect(matches.length).toBeGreaterThan(1);
    await page.keyboard.press('End');
    const active = () => search.evaluate((el) => document.getElementById(el.getAttribute('aria-activedescendant')!)?.textContent);
    expect(await active()).toBe(matches.at(-1));
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    expect(await active()).toBe(matches[1]);
    await page.keyboard.press('Enter');
    const chosen = page.getByRole('button', { name: `Model ${matches[1]}` });
    // On home, choosing a model hands focus back to the message box (issue 33): the next thing is to type.
    await expect.poll(() => composer(page).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await chosen.getAttribute('aria-expanded')).toBe('false');

    // Reopened: the model just used comes first, under Recent; Escape closes and returns focus.
    await chosen.focus();
    await page.keyboard.press('ArrowDown');
    const recent = page.getByRole('group', { name: 'Recent' });
    expect(await recent.getByRole('option').first().textContent()).toContain(matches[1]);
    await page.keyboard.press('Escape');
    await expect.poll(() => chosen.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.locator('.model-picker__popover').count()).toBe(0);
  });

  it('a chat whose connection was removed asks for another model instead of sending', async () => {
    await open(viewport);
    await openConnectedApp(page, appUrl, server);
    await sendFromHome(page, 'Hello');
    await page.getByRole('article', { name: 'Assistant' }).waitFor();
    const completions = () => server.requests.filter((r) => r.method === 'POST' && r.body?.stream).length;
    await expect.poll(completions).toBe(1);

    await openSettings();
    await settings().getByRole('button', { name: /^Test server/ }).click();
    await settings().getByRole('button', { name: 'Remove connection' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await page.keyboard.press('Escape');
    await settings().waitFor({ state: 'detached' });

    const picker = page.getByRole('button', { name: 'Model test-model (not connected)' });
    expect(await picker.getAttribute('data-state')).toBe('unavailable');
    const reason = page.getByText('This chat’s model is no longer connected: pick a model to send.');
    await reason.waitFor();
    await composer(page).fill('Are you still there?');
    await composer(page).press('Enter');
    // Send opened the picker instead of a request that could only fail; the draft is kept.
    await expect.poll(() => page.getByRole('combobox', { name: 'Search models' }).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByText('This model’s connection was removed. Pick another model to continue.').count()).toBe(1);
    expect(await composer(page).inputValue()).toBe('Are you still there?');
    expect(completions()).toBe(1);
  });

  it('makes no title request with titles turned off: the first message names the chat', async () => {
    await open(viewport);
    await openConnectedApp(page, appUrl, server);
    const titleRequests = () => server.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/chat/completions') && !r.body?.stream);
    server.setScript(textStream('A first answer.', { chunkSize: 5 }));
    await sendFromHome(page, 'Titles are on for this one');
    await page.getByText('A first answer.').waitFor();
    // On (the default), a title is asked for: the check below can fail.
    await expect.poll(() => titleRequests().length).toBe(1);

    await openSettingsSection(page, 'Chats');
    const generate = settings().getByRole('switch', { name: 'Generate titles with a model' });
    expect(await generate.isChecked()).toBe(true);
    await generate.uncheck();
    expect(await settings().getByRole('radio', { name: 'Same as the chat' }).isDisabled()).toBe(true);
    await expectAccessibleInBothThemes('dialog[open]');
    await settings().getByRole('button', { name: 'Done' }).click();

    await page.goto(appUrl);
    server.setScript(textStream('A second answer.', { chunkSize: 5 }));
    await sendFromHome(page, 'Name me after this line\nnot this one');
    await page.getByText('A second answer.').waitFor();
    await page.waitForTimeout(1000);
    expect(titleRequests()).toHaveLength(1);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Name me after this line');
  });
});

describe('Settings → Code on a phone with a touch screen', () => {
  it('sets the run’s time limit and the packages’ address, refuses what does not fit, fetches nothing, and keeps both over a reload', async () => {
    const phone = VIEWPORTS[0];
    await open(phone, true);
    await page.goto(appUrl);
    await composer(page).waitFor();
    await page.keyboard.press('Control+,');
    await settingsSectionButton(page, 'Code').tap();
    const code = settings().getByRole('region', { name: 'Code' });
    const limit = code.getByRole('spinbutton', { name: 'Time limit (seconds)' });
    const address = code.getByRole('textbox', { name: 'Python packages address' });
    expect(await limit.inputValue()).toBe('30');

    await limit.fill('0');
    await limit.press('Enter');
    await code.getByRole('alert').filter({ hasText: 'Type a whole number of seconds from 1 to 600. The limit stays at 30 s.' }).waitFor();
    await limit.fill('45');
    expect(await code.getByRole('alert').count()).toBe(0);

    await address.fill('mirror.example/pyodide');
    await address.press('Enter');
    await code.getByRole('alert').filter({ hasText: 'This is not a web address Parley can use.' }).waitFor();
    await address.fill('https://mirror.example/pyodide/v314.0.7/full');
    // Enter saves, as the Save button does.
    await address.press('Enter');
    const ADDRESS = 'https://mirror.example/pyodide/v314.0.7/full/';
    await code.getByRole('status').filter({ hasText: `Packages are fetched from ${ADDRESS}` }).waitFor();
    expect(await code.getByRole('alert').count()).toBe(0);

    // Nothing sideways at 390 px, every control a finger's size, axe clean.
    expect(await settings().locator('.dialog__body').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    for (const field of [limit, address]) expect((await field.boundingBox())!.x + (await field.boundingBox())!.width).toBeLessThanOrEqual(phone.width);
    await checkTouchTargets(page, 'Settings → Code', 'dialog[open] .code-section');
    expect(await axeViolations('dialog[open]')).toEqual([]);

    // Written behind: wait for the row, then reload (the address keeps the section open).
    const row = () =>
      page.evaluate(
        () =>
          new Promise<unknown>((resolve) => {
            const request = indexedDB.open('parley');
            request.onsuccess = () => {
              const get = request.result.transaction('settings').objectStore('settings').get('sandbox');
              get.onsuccess = () => resolve(get.result?.value);
            };
          }),
      );
    await expect.poll(row).toEqual({ timeLimitSeconds: 45, packagesAddress: ADDRESS });
    await page.reload();
    await expect.poll(() => limit.inputValue()).toBe('45');
    expect(await address.inputValue()).toBe(ADDRESS);
    await code.getByRole('button', { name: 'Remove' }).waitFor();
    // Saving fetched nothing: packages are fetched by a run that asks for one.
    expect(outgoing.filter((request) => request.url.includes('mirror.example'))).toEqual([]);
  });
});
