import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { errorResponse, type OpenAiServer } from '../support/openai-server/index.mjs';
import { readJpegInfo } from '../../src/chat/attachments/jpeg-info';
import { composer as composerOf, openConnectedApp, streamedRequests } from './connected-app';
import { toasts as toastsOf } from './locators';
import { modelServerPerFile, pagePerTest } from './page-per-test';
import { checkStop, VIEWPORTS } from './screen-checks';

/**
 * The journey of someone who gives a model files: a photo by the attach button, a text file by
 * pasting, PDFs by dropping, several at once; the draft keeps them across a reload; the request
 * carries them as OpenAI content parts (the photo turned upright, scaled down and stripped of its
 * EXIF and GPS); the thread shows thumbnails and a viewer; refusals, a full disk and a model that
 * takes no pictures are all said plainly, and nothing is lost.
 */

// The production build (its real image and pdf.js workers, under its real CSP) against the test server.
const appUrl = inject('appUrl');
const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/attachments');
const fixture = (name: string) => path.join(FIXTURES, name);
const SHOTS = '/tmp/shots';
const PHOTO = 'photo-exif-rotated.jpg';
/** 3000×2000 with EXIF Orientation 6 (turn clockwise), scaled to a long side of 2048: upright 1365×2048. */
const UPRIGHT_PHOTO = { width: 1365, height: 2048 };
/** Over the 20 MB per-file cap (MAX_FILE_BYTES, in MiB). */
const TOO_LARGE_BYTES = 21_000_000;

let server: OpenAiServer;
let page: Page;

modelServerPerFile({ models: ['test-model'] }, (started) => (server = started));
// CSP complaints fail the test: the image worker and pdf.js's worker must run under the real policy.
pagePerTest({ cspConsoleErrors: true, onOpen: (opened) => ({ page } = opened) });

const composer = () => composerOf(page);
const toasts = () => toastsOf(page);
const tray = () => page.getByRole('list', { name: 'Attachments' });
const chips = () => tray().getByRole('listitem');
const chip = (name: string) => chips().filter({ hasText: name });
const readyChips = () => tray().locator('li[data-state="ready"]');
const attachButton = () => page.getByRole('button', { name: 'Attach files' });
const thumbnail = (name: string) => page.getByRole('button', { name: `Open image ${name}` });
const viewer = () => page.getByRole('dialog');
/** Longer than the layout's transitions (the sidebar turning into a drawer when the window narrows). */
const RESIZE_SETTLE_MS = 500;

/** A picture for the lead, at a viewport: /tmp/shots/attachments-<name>-<viewport>.png. */
async function shot(name: string, viewport: keyof typeof VIEWPORTS) {
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize(VIEWPORTS[viewport]);
  await page.waitForTimeout(RESIZE_SETTLE_MS);
  await page.screenshot({ path: path.join(SHOTS, `attachments-${name}-${viewport}.png`) });
}

async function openApp() {
  await openConnectedApp(page, appUrl, server);
}

/** Picks files in the chooser the attach button opens. */
async function attachByButton(files: string[] | { name: string; mimeType: string; buffer: Buffer }[]) {
  const chooser = page.waitForEvent('filechooser');
  await attachButton().click();
  await (await chooser).setFiles(files);
}

/** Builds a File in the page from a fixture's bytes. */
const fileSpec = (name: string, type: string) => ({ name, type, base64: readFileSync(fixture(name)).toString('base64') });
type FileSpec = ReturnType<typeof fileSpec>;

/** Pastes files into the message box as a clipboard carrying them would. */
async function paste(files: FileSpec[]) {
  await composer().evaluate((box, specs) => {
    const data = new DataTransfer();
    for (const { name, type, base64 } of specs) data.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], name, { type }));
    box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, files);
}

/** Drags files over `selector` and drops them; resolves with whether the drop was claimed (no navigation). */
function drop(files: FileSpec[], selector = 'body'): Promise<boolean> {
  return page.evaluate(
    ({ specs, selector }) => {
      const data = new DataTransfer();
      for (const { name, type, base64 } of specs) data.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], name, { type }));
      const target = document.querySelector(selector)!;
      const init = { dataTransfer: data, bubbles: true, cancelable: true, clientX: 100, clientY: 100 };
      target.dispatchEvent(new DragEvent('dragenter', init));
      target.dispatchEvent(new DragEvent('dragover', init));
      const dropped = new DragEvent('drop', init);
      target.dispatchEvent(dropped);
      return dropped.defaultPrevented;
    },
    { specs: files, selector },
  );
}

/** The last user message of the last streamed request. */
function lastUserContent(): unknown {
  const requests = streamedRequests(server);
  const messages = requests.at(-1)?.body?.messages as { role: string; content: unknown }[];
  return [...messages].reverse().find((message) => message.role === 'user')?.content;
}

type Part = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

async function attachAllFour() {
  await attachByButton([fixture(PHOTO)]);
  await paste([fileSpec('utf8.txt', 'text/plain')]);
  expect(await drop([fileSpec('text-layer.pdf', 'application/pdf'), fileSpec('no-text-layer.pdf', 'application/pdf')])).toBe(true);
  await expect.poll(() => readyChips().count(), { timeout: 20_000 }).toBe(4);
}

describe('attaching files', () => {
  it('takes files by button, paste and drop, keeps them across a reload, and sends them as content parts', async () => {
    await openApp();
    await attachAllFour();
    await expect.poll(() => chip('no-text-layer.pdf').textContent()).toContain('No text layer');
    expect(await chip('utf8.txt').textContent()).toMatch(/≈ \d+ tokens/);
    // A PDF's chip shows the file's own size (909 bytes), and its text's tokens apart.
    expect(await chips().filter({ hasText: /^text-layer\.pdf/ }).textContent()).toMatch(/909 bytes.*≈ \d+ tokens/);
    await shot('home-chips', 'phone');
    await shot('home-chips', 'desktop');

    // The draft's files are stored: a reload shows them again.
    await page.reload();
    await expect.poll(() => readyChips().count(), { timeout: 10_000 }).toBe(4);

    await composer().fill('What is in these?');
    await composer().press('Enter');
    await page.waitForURL(/\/chat\/[^/]+$/);
    await expect.poll(() => streamedRequests(server).length).toBe(1);

    const parts = lastUserContent() as Part[];
    const texts = parts.filter((part): part is Extract<Part, { type: 'text' }> => part.type === 'text').map((part) => part.text).join('\n');
    expect(texts).toContain('What is in these?');
    expect(texts).toContain('File: utf8.txt');
    expect(texts).toContain('Crème brûlée, naïve café — 日本語 ✓');
    expect(texts).toContain('Parley PDF fixture: the quick brown fox');
    expect(texts).toContain('Second page: jumps over the lazy dog');
    expect(texts).toContain('This PDF has no text layer');
    const images = parts.filter((part): part is Extract<Part, { type: 'image_url' }> => part.type === 'image_url');
    expect(images).toHaveLength(1);
    const url = images[0]!.image_url.url;
    expect(url.startsWith('data:image/jpeg;base64,')).toBe(true);
    const bytes = Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
    expect(readJpegInfo(new Uint8Array(bytes))).toMatchObject({ ...UPRIGHT_PHOTO, exif: false, gps: false });
    expect(bytes.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false);

    // The thread: a thumbnail that opens the viewer, the files as collapsed blocks.
    await expect.poll(() => thumbnail(PHOTO).getAttribute('data-state')).toBe('loaded');
    expect(await page.locator('details.file-block').count()).toBe(3);
    await expect.poll(() => page.locator('details.file-block').filter({ hasText: /^text-layer\.pdf · / }).textContent()).toContain('909 bytes · 2 pages');
    await shot('thread', 'phone');
    await shot('thread', 'desktop');
    await thumbnail(PHOTO).click();
    await viewer().getByRole('img', { name: PHOTO }).waitFor();
    await shot('viewer', 'desktop');
    await shot('viewer', 'phone');
    await page.keyboard.press('Escape');
    await viewer().waitFor({ state: 'detached' });
    expect(await thumbnail(PHOTO).evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('sends files with no text, and deleting the message then Undo brings its files back', async () => {
    await openApp();
    await attachByButton([fixture(PHOTO)]);
    await expect.poll(() => readyChips().count(), { timeout: 20_000 }).toBe(1);
    await composer().press('Enter');
    await page.waitForURL(/\/chat\/[^/]+$/);
    await expect.poll(() => thumbnail(PHOTO).getAttribute('data-state')).toBe('loaded');
    // After sending, the message box is where the next message goes.
    await expect.poll(() => composer().evaluate((box) => box === document.activeElement)).toBe(true);

    const user = page.getByRole('article', { name: 'You' });
    await user.hover();
    await user.getByRole('button', { name: 'Delete message' }).click();
    await thumbnail(PHOTO).waitFor({ state: 'detached' });
    await toasts().getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => thumbnail(PHOTO).getAttribute('data-state')).toBe('loaded');
  });

  it('refuses a file over the size limit and a type it cannot read, by name and why', async () => {
    await openApp();
    await attachByButton([
      { name: 'huge.txt', mimeType: 'text/plain', buffer: Buffer.alloc(TOO_LARGE_BYTES, 0x61) },
      { name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') },
    ]);
    // Said beside the message box, where the files went, not in a toast over the chat's header.
    const note = page.getByRole('alert').filter({ hasText: '2 files were not attached' });
    await note.waitFor();
    const said = await note.textContent();
    expect(said).toContain('huge.txt is 21 MB; the limit is 20 MB per file.');
    expect(said).toContain('setup.exe: this type of file cannot be attached.');
    expect(await note.evaluate((element) => element.closest('.composer') !== null)).toBe(true);
    expect(await toasts().filter({ hasText: 'not attached' }).count()).toBe(0);
    expect(await tray().count()).toBe(0);
    // Dismissed, the note goes and typing goes on in the message box.
    await note.getByRole('button', { name: 'Dismiss' }).click();
    await note.waitFor({ state: 'detached' });
    await expect.poll(() => composer().evaluate((box) => box === document.activeElement)).toBe(true);
  });

  it('a full disk when sending loses nothing: the text and files stay, and it says how full storage is', async () => {
    await page.addInitScript(`
      window.__diskFull = false;
      for (const method of ['put', 'add']) {
        const original = IDBObjectStore.prototype[method];
        IDBObjectStore.prototype[method] = function (...args) {
          if (window.__diskFull && this.name === 'attachments') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
          return original.apply(this, args);
        };
      }
    `);
    await openApp();
    await attachByButton([fixture('utf8.txt')]);
    await expect.poll(() => readyChips().count(), { timeout: 20_000 }).toBe(1);
    await composer().fill('Keep this');
    await page.evaluate(() => ((window as unknown as { __diskFull: boolean }).__diskFull = true));
    await composer().press('Enter');
    const note = page.getByRole('alert').filter({ hasText: 'Storage is full' });
    await note.waitFor();
    expect(await note.textContent()).toContain('Nothing is lost');
    expect(new URL(page.url()).pathname).toBe(new URL(appUrl).pathname);
    expect(await composer().inputValue()).toBe('Keep this');
    expect(await readyChips().count()).toBe(1);
    expect(streamedRequests(server)).toHaveLength(0);

    await page.evaluate(() => ((window as unknown as { __diskFull: boolean }).__diskFull = false));
    await composer().press('Enter');
    await page.waitForURL(/\/chat\/[^/]+$/);
    await expect.poll(() => streamedRequests(server).length).toBe(1);
    expect(JSON.stringify(lastUserContent())).toContain('File: utf8.txt');
  });

  it('editing a message shows its files as chips, and one removed is left out of the new version', async () => {
    await openApp();
    await attachByButton([fixture(PHOTO), fixture('utf8.txt')]);
    await expect.poll(() => readyChips().count(), { timeout: 20_000 }).toBe(2);
    await composer().fill('Two files');
    await composer().press('Enter');
    await page.waitForURL(/\/chat\/[^/]+$/);
    await expect.poll(() => streamedRequests(server).length).toBe(1);

    const user = page.getByRole('article', { name: 'You' });
    await user.hover();
    await user.getByRole('button', { name: 'Edit', exact: true }).click();
    await expect.poll(() => chips().count()).toBe(2);
    await tray().getByRole('button', { name: `Remove ${PHOTO}` }).click();
    await expect.poll(() => chips().count()).toBe(1);
    await page.getByRole('button', { name: 'Save and send' }).click();
    await expect.poll(() => streamedRequests(server).length).toBe(2);
    const content = JSON.stringify(lastUserContent());
    expect(content).not.toContain('image_url');
    expect(content).toContain('File: utf8.txt');
  });

  it('a file dropped where no page takes it does not navigate away', async () => {
    await openApp();
    const before = page.url();
    // The 404 page has no composer, so no drop zone: the app-wide guard claims the drop.
    await page.goto(new URL('no/such/page', appUrl).href);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await drop([fileSpec('utf8.txt', 'text/plain')])).toBe(true);
    expect(await page.evaluate(() => location.pathname)).toBe(new URL('no/such/page', appUrl).pathname);
    expect(before).not.toBe(page.url());
  });

  it('a model that refuses pictures is named, and "Send without images" sends the rest', async () => {
    await openApp();
    server.enqueue(errorResponse(400, 'This model does not support image input'));
    await attachByButton([fixture(PHOTO), fixture('utf8.txt')]);
    await expect.poll(() => readyChips().count(), { timeout: 20_000 }).toBe(2);
    await composer().fill('Describe');
    await composer().press('Enter');
    await page.waitForURL(/\/chat\/[^/]+$/);
    await page.getByText('test-model does not accept images').waitFor();
    await page.getByRole('button', { name: 'Send without images' }).click();
    await expect.poll(() => streamedRequests(server).length).toBe(2);
    const content = JSON.stringify(lastUserContent());
    expect(content).not.toContain('image_url');
    expect(content).toContain('File: utf8.txt');
    expect(content).toContain('Describe');
    await page.getByRole('article', { name: 'Assistant' }).last().getByText(/^You said: /).waitFor();
  });
});

/** Eight axe runs (two stops, two viewports, two schemes) on a busy two-core machine. */
const KEYBOARD_JOURNEY_TIMEOUT_MS = 60_000;

describe('attaching files from the keyboard alone', () => {
  /** Presses Tab until the focused element has this accessible name (or gives up). */
  async function tabTo(name: RegExp, limit = 30) {
    for (let i = 0; i < limit; i++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        return element?.getAttribute('aria-label') ?? element?.textContent ?? '';
      });
      if (name.test(focused)) return;
    }
    throw new Error(`Tab never reached ${name}`);
  }

  it('attaches, removes a chip, sends and opens and closes the viewer without a mouse; axe finds nothing', async () => {
    await openApp();
    // Listening before the key press: Playwright turns file-chooser interception on asynchronously,
    // and a chooser opened by a fast key press before that would be dismissed unseen.
    const chooser = page.waitForEvent('filechooser');
    await composer().focus();
    await tabTo(/^Attach files$/);
    await page.keyboard.press('Enter');
    await (await chooser).setFiles([fixture(PHOTO), fixture('utf8.txt')]);
    await expect.poll(() => readyChips().count(), { timeout: 20_000 }).toBe(2);

    for (const [viewport, size] of Object.entries(VIEWPORTS)) {
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.setViewportSize(size);
        await page.emulateMedia({ colorScheme });
        await checkStop(page, `composer with chips, ${viewport}, ${colorScheme}`);
      }
    }
    await page.setViewportSize(VIEWPORTS.desktop);

    await composer().focus();
    await page.keyboard.press('Shift+Tab');
    // Back from the text box: the last chip's remove button.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Remove utf8.txt');
    await page.keyboard.press('Enter');
    await expect.poll(() => chips().count()).toBe(1);
    // Focus went to the remaining chip's remove button, not to the page's start.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Remove ${PHOTO}`);

    await composer().focus();
    await page.keyboard.type('A photo');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/chat\/[^/]+$/);
    await expect.poll(() => thumbnail(PHOTO).getAttribute('data-state')).toBe('loaded');
    await thumbnail(PHOTO).focus();
    await page.keyboard.press('Enter');
    await viewer().getByRole('img', { name: PHOTO }).waitFor();
    for (const [viewport, size] of Object.entries(VIEWPORTS)) {
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.setViewportSize(size);
        await page.emulateMedia({ colorScheme });
        await checkStop(page, `image viewer, ${viewport}, ${colorScheme}`);
      }
    }
    await page.keyboard.press('Escape');
    await viewer().waitFor({ state: 'detached' });
    expect(await thumbnail(PHOTO).evaluate((element) => element === document.activeElement)).toBe(true);
  }, KEYBOARD_JOURNEY_TIMEOUT_MS);
});
