// The phone journey of issue 22, in Chromium with a touch screen at 390×844 (hasTouch, isMobile),
// light and dark: Return adds a line and the Send button sends; New chat from the phone's top
// bar; the message box on the first screen of a first run; every control at least 44×44 px on
// home, a chat, the drawer, Settings and the image viewer, which is full screen and zooms,
// pans, swipes and downloads. At every stop: no sideways scroll, no axe-core violation. And at
// a desk, with a mouse and a keyboard: Enter sends, Shift+Enter adds a line, Ctrl+Enter sends.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { OpenAiServer } from '../support/openai-server/index.mjs';
import { composer as composerOf, openConnectedApp, streamedRequests } from './connected-app';
import { heading as headingOf, nav as navOf, settingsSectionButton } from './locators';
import { modelServerPerFile, pagePerTest } from './page-per-test';
import { checkStop, focused, VIEWPORTS } from './screen-checks';
import { checkTouchTargets } from './touch-targets';

const appUrl = inject('appUrl');
const PHONE = VIEWPORTS.phone;
const DESKTOP = { width: 1440, height: 900 };
const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/attachments');
const PHOTO = 'photo-exif-rotated.jpg';
const PNG = 'transparent.png';
/** A journey of a dozen stops, each checked with axe-core. */
const JOURNEY_TIMEOUT_MS = 90_000;
/** Where pictures of each screen go when PARLEY_SHOTS names a folder (for a person to look at; never in the repository). */
const SHOTS = process.env.PARLEY_SHOTS;

let server: OpenAiServer;
let page: Page;
modelServerPerFile({ models: ['test-model'] }, (started) => (server = started));

const composer = () => composerOf(page);
const sendButton = () => page.getByRole('button', { name: 'Send message' });
const viewer = () => page.getByRole('dialog');
const stage = () => page.locator('.image-viewer__stage');

async function shot(name: string, scheme: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const { width } = page.viewportSize()!;
  await page.screenshot({ path: path.join(SHOTS, `${name}-${width}-${scheme}.png`) });
}

/** The last user message of the last streamed request. */
function lastUserContent(): unknown {
  const messages = streamedRequests(server).at(-1)?.body?.messages as { role: string; content: unknown }[];
  return [...messages].reverse().find((message) => message.role === 'user')?.content;
}

/** Text of a content that may be parts (a message with pictures). */
const textOf = (content: unknown) =>
  typeof content === 'string' ? content : (content as { type: string; text?: string }[]).filter((part) => part.type === 'text').map((part) => part.text).join('\n');

/** A horizontal swipe with one finger, through the DevTools protocol's touch events (real pointer events in the page). */
async function swipe(from: { x: number; y: number }, to: { x: number; y: number }) {
  const cdp = await page.context().newCDPSession(page);
  const STEPS = 8;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  for (let i = 1; i <= STEPS; i++) {
    const point = { x: from.x + ((to.x - from.x) * i) / STEPS, y: from.y + ((to.y - from.y) * i) / STEPS };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** The visible controls outside the toasts whose boxes a toast's box overlaps, as "what (where)". */
function controlsUnderToasts(): Promise<string[]> {
  return page.evaluate(() => {
    const toasts = [...document.querySelectorAll('.toast')].map((toast) => toast.getBoundingClientRect());
    if (toasts.length === 0) return ['no toast on the page'];
    const under: string[] = [];
    for (const control of document.querySelectorAll('button, a[href], input, textarea, select, summary, [role="button"], [tabindex="0"]')) {
      if (control.closest('.toast') || !control.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const box = control.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      if (toasts.some((toast) => box.left < toast.right && box.right > toast.left && box.top < toast.bottom && box.bottom > toast.top)) {
        under.push(`${control.tagName.toLowerCase()} "${control.getAttribute('aria-label') ?? control.textContent?.trim()}" (${Math.round(box.left)},${Math.round(box.top)})`);
      }
    }
    return under;
  });
}

/** The centre of an element, in the viewport. */
async function centreOf(selector: string) {
  const box = (await page.locator(selector).boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

describe.each(['light', 'dark'] as const)('on a phone with a touch screen, %s theme', (scheme) => {
  pagePerTest({ viewport: PHONE, colorScheme: scheme, hasTouch: true, isMobile: true, onOpen: (opened) => ({ page } = opened) });

  it('first run: the message box is on the first screen, New chat is in the top bar, every control fits a finger', async () => {
    await page.goto(appUrl);
    await composer().waitFor();
    await page.getByRole('heading', { name: 'Connect a model to start' }).waitFor();
    const box = (await composer().boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    expect(await sendButton().boundingBox().then((b) => b!.y + b!.height)).toBeLessThanOrEqual(PHONE.height);
    expect(await page.getByRole('link', { name: 'New chat' }).isVisible()).toBe(true);
    await checkStop(page, 'home, first run');
    await checkTouchTargets(page, 'home, first run');
    await shot('home-first-run', scheme);
  });

  it('writes two lines with Return and sends them with the button; a chat, the drawer, New chat and Settings fit a finger', async () => {
    await openConnectedApp(page, appUrl, server);
    await checkTouchTargets(page, 'home, connected');
    await composer().tap();
    await page.keyboard.type('First line');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Second line');
    expect(await composer().inputValue()).toBe('First line\nSecond line');
    expect(await composer().getAttribute('enterkeyhint')).toBe('enter');
    expect(page.url()).toBe(appUrl);
    expect(streamedRequests(server)).toHaveLength(0);

    await sendButton().tap();
    await page.waitForURL(/\/chat\/[^/]+$/);
    await expect.poll(() => streamedRequests(server).length).toBe(1);
    expect(lastUserContent()).toBe('First line\nSecond line');
    await page.getByText('Second line').first().waitFor();
    await expect.poll(() => sendButton().isVisible()).toBe(true);
    await checkStop(page, 'a chat');
    await checkTouchTargets(page, 'a chat');
    await shot('chat', scheme);

    // Issue 33: the latest reply keeps its actions; the older message's fold away until tapped.
    const reply = page.getByRole('article', { name: 'Assistant' }).last();
    await reply.and(page.locator('[data-state="complete"]')).waitFor();
    const mine = page.getByRole('article', { name: 'You' }).last();
    const actionsBox = (article: typeof mine) => article.getByRole('group', { name: 'Message actions' }).evaluate((group) => Math.round(group.getBoundingClientRect().width));
    expect(await actionsBox(reply)).toBeGreaterThan(100);
    expect(await actionsBox(mine)).toBeLessThanOrEqual(1);
    await mine.locator('.message-text').tap();
    await expect.poll(() => actionsBox(mine)).toBeGreaterThan(100);
    await checkTouchTargets(page, 'a message tapped open', '.thread');
    await checkStop(page, 'a message tapped open');
    await shot('chat-tapped', scheme);
    await mine.locator('.message-text').tap();
    await expect.poll(() => actionsBox(mine)).toBeLessThanOrEqual(1);
    // Folded, not gone: focus reaching one of them (a keyboard, a screen reader) unfolds them.
    await mine.getByRole('button', { name: 'Copy message' }).focus();
    await expect.poll(() => actionsBox(mine)).toBeGreaterThan(100);
    await mine.getByRole('button', { name: 'Copy message' }).blur();

    // The drawer.
    await page.getByRole('button', { name: 'Open sidebar' }).tap();
    await expect.poll(() => page.locator('nav.sidebar').getAttribute('data-state')).toBe('open');
    await checkStop(page, 'the drawer');
    await checkTouchTargets(page, 'the drawer', 'nav.sidebar');
    await shot('drawer', scheme);

    // Settings, from the drawer.
    await navOf(page).getByRole('button', { name: 'Settings' }).tap();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    // On a phone, Settings opens on its list of sections: each is a full touch target too.
    await settings.getByRole('navigation', { name: 'Settings sections' }).waitFor();
    // Measured once the dialog has finished opening (checkStop lets transitions settle).
    await checkStop(page, 'Settings sections');
    await checkTouchTargets(page, 'Settings sections', 'dialog[open]');
    await settingsSectionButton(page, 'Chats').tap();
    await settings.getByRole('radio', { name: /^Automatic/ }).waitFor();
    expect(await settings.getByRole('radio', { name: /^Automatic/ }).isChecked()).toBe(true);
    await checkStop(page, 'Settings');
    await checkTouchTargets(page, 'Settings', 'dialog[open]');
    await shot('settings', scheme);
    await settings.getByRole('button', { name: 'Done' }).tap();
    await settings.waitFor({ state: 'detached' });
    await navOf(page).getByRole('button', { name: 'Close sidebar' }).tap();
    await expect.poll(() => page.locator('nav.sidebar').getAttribute('data-state')).toBe('closed');

    // New chat, from the chat's top bar.
    await page.locator('.layout__content').getByRole('link', { name: 'New chat' }).tap();
    await page.waitForURL(appUrl);
    await expect.poll(() => headingOf(page).textContent()).toBe('What shall we talk about?');
    await expect.poll(() => focused(page)).toBe('textarea Message');
    await checkStop(page, 'home after New chat');
    await checkTouchTargets(page, 'home after New chat');
    await shot('home', scheme);
  }, JOURNEY_TIMEOUT_MS);

  it('opens a picture full screen, zooms by double tap and wheel, swipes to the next, downloads it, and Escape returns focus', async () => {
    await openConnectedApp(page, appUrl, server);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Attach files' }).tap();
    await (await chooser).setFiles([path.join(FIXTURES, PHOTO), path.join(FIXTURES, PNG), path.join(FIXTURES, 'utf8.txt')]);
    await expect.poll(() => page.locator('li[data-state="ready"]').count(), { timeout: 20_000 }).toBe(3);
    await composer().tap();
    await page.keyboard.type('Two pictures');
    await sendButton().tap();
    await page.waitForURL(/\/chat\/[^/]+$/);
    await expect.poll(() => streamedRequests(server).length).toBe(1);
    expect(textOf(lastUserContent())).toContain('Two pictures');
    const thumbnail = page.getByRole('button', { name: `Open image ${PHOTO}` });
    await expect.poll(() => thumbnail.getAttribute('data-state')).toBe('loaded');
    // The sent file's row and its Open button fit a finger (its row was 36 px, issue 33).
    await page.getByRole('button', { name: 'Open utf8.txt' }).waitFor();
    await checkTouchTargets(page, 'a sent file and pictures', '.message-files');
    await thumbnail.tap();
    await viewer().getByRole('img', { name: PHOTO }).waitFor();

    // Full screen.
    // (Polled: the dialog settles from its opening animation.)
    await expect
      .poll(async () => Object.values((await viewer().boundingBox())!).map(Math.round))
      .toEqual([0, 0, PHONE.width, PHONE.height]);
    await checkStop(page, 'the image viewer');
    await checkTouchTargets(page, 'the image viewer', 'dialog[open]');
    await shot('viewer', scheme);
    // Issue 33: fitted, the level is the picture's real size on screen (a photo wider than a
    // phone is drawn smaller than its pixels), and the viewer is dark in both themes.
    const fitted = await viewer().getByRole('img', { name: PHOTO }).evaluate((image: HTMLImageElement) => image.offsetWidth / image.naturalWidth);
    expect(fitted).toBeLessThan(1);
    await expect.poll(() => viewer().locator('.image-viewer__zoom').textContent()).toBe(`${Math.round(fitted * 100)}%`);
    expect(await viewer().evaluate((dialog) => getComputedStyle(dialog).backgroundColor)).toBe('rgb(11, 12, 15)');

    // Double tap zooms in where tapped, and back out.
    const centre = await centreOf('.image-viewer__stage');
    await page.touchscreen.tap(centre.x + 40, centre.y);
    await page.touchscreen.tap(centre.x + 40, centre.y);
    await expect.poll(() => stage().getAttribute('data-zoom')).toBe('zoomed');
    expect(await viewer().locator('.image-viewer__zoom').textContent()).toBe(`${Math.round(fitted * 250)}%`);
    // Dragging a zoomed picture pans it, and does not move to the next picture.
    const before = await stage().evaluate((element) => element.style.getPropertyValue('--zoom-x'));
    await swipe({ x: centre.x + 60, y: centre.y }, { x: centre.x - 60, y: centre.y });
    await expect.poll(() => stage().evaluate((element) => element.style.getPropertyValue('--zoom-x'))).not.toBe(before);
    expect(await viewer().getAttribute('aria-labelledby').then((id) => page.locator(`[id="${id}"]`).textContent())).toBe(PHOTO);
    await page.touchscreen.tap(centre.x, centre.y);
    await page.touchscreen.tap(centre.x, centre.y);
    await expect.poll(() => stage().getAttribute('data-zoom')).toBe('fitted');

    // The wheel (a mouse plugged into the phone, or a laptop) zooms; 0 goes back.
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.wheel(0, -300);
    await expect.poll(() => stage().getAttribute('data-zoom')).toBe('zoomed');
    await page.keyboard.press('0');
    await expect.poll(() => stage().getAttribute('data-zoom')).toBe('fitted');

    // A swipe to the left brings the next picture.
    await swipe({ x: centre.x + 120, y: centre.y }, { x: centre.x - 120, y: centre.y + 10 });
    await viewer().getByRole('img', { name: PNG }).waitFor();
    expect(await viewer().getByText('Image 2 of 2').isVisible()).toBe(true);

    // Download gives the picture as a file. Pressed from the keyboard: headless Chromium turns no
    // tap into a click right after a swipe sent through the DevTools protocol (a probe counting
    // clicks saw every tap before the swipe click, and the first one after it not).
    const download = page.waitForEvent('download');
    await viewer().getByRole('button', { name: 'Download image' }).focus();
    await page.keyboard.press('Enter');
    const file = await download;
    expect(file.suggestedFilename()).toBe(PNG);
    expect(readFileSync((await file.path())!).equals(readFileSync(path.join(FIXTURES, PNG)))).toBe(true);

    // Escape closes it; focus goes back to the thumbnail it was opened from.
    await page.keyboard.press('Escape');
    await viewer().waitFor({ state: 'detached' });
    expect(await thumbnail.evaluate((element) => element === document.activeElement)).toBe(true);
  }, JOURNEY_TIMEOUT_MS);
});

describe.each(['light', 'dark'] as const)('at a desk with a mouse and keyboard, %s theme', (scheme) => {
  pagePerTest({ viewport: DESKTOP, colorScheme: scheme, onOpen: (opened) => ({ page } = opened) });

  it('Enter sends, Shift+Enter adds a line, Ctrl+Enter sends', async () => {
    await openConnectedApp(page, appUrl, server);
    await shot('home', scheme);
    await composer().click();
    await page.keyboard.type('One');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('two');
    expect(await composer().inputValue()).toBe('One\ntwo');
    expect(await composer().getAttribute('enterkeyhint')).toBe('send');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/chat\/[^/]+$/);
    await expect.poll(() => streamedRequests(server).length).toBe(1);
    expect(lastUserContent()).toBe('One\ntwo');
    await expect.poll(() => sendButton().isVisible()).toBe(true);
    await checkStop(page, 'a chat at a desk');
    await shot('chat', scheme);
    // Right to left by content (issue 33): the message box line by line, the chat's title in the
    // sidebar, as dir="auto" would (CSS there: the first screen's script has no bytes to spare).
    const bidi = (selector: string) => page.locator(selector).first().evaluate((element) => getComputedStyle(element).unicodeBidi);
    expect(await bidi('textarea.composer__input')).toBe('plaintext');
    expect(await bidi('.chat-entry__link')).toBe('plaintext');

    // Issue 33: a toast (here Ctrl+Shift+C's "Copied", then a deleted message's) covers none of the
    // header's buttons, the message box or the thread's controls.
    await page.getByRole('article', { name: 'Assistant' }).last().and(page.locator('[data-state="complete"]')).waitFor();
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('Control+Shift+C');
    await page.locator('.toast').first().waitFor();
    expect(await controlsUnderToasts()).toEqual([]);
    await shot('toast', scheme);
    const mine = page.getByRole('article', { name: 'You' }).last();
    await mine.hover();
    await mine.getByRole('button', { name: 'Delete message' }).click();
    await page.locator('.toast').getByText('Message deleted').waitFor();
    expect(await controlsUnderToasts()).toEqual([]);

    await composer().click();
    await page.keyboard.type('Three');
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => streamedRequests(server).length).toBe(2);
    expect(lastUserContent()).toBe('Three');
    expect(await composer().inputValue()).toBe('');
  }, JOURNEY_TIMEOUT_MS);

  it('first run, Settings and the image viewer at a desk: no sideways scroll, axe finds nothing, the wheel zooms', async () => {
    await page.goto(appUrl);
    await composer().waitFor();
    await checkStop(page, 'home, first run, at a desk');
    await shot('home-first-run', scheme);

    await openConnectedApp(page, appUrl, server);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Attach files' }).click();
    await (await chooser).setFiles([path.join(FIXTURES, PHOTO), path.join(FIXTURES, PNG)]);
    await expect.poll(() => page.locator('li[data-state="ready"]').count(), { timeout: 20_000 }).toBe(2);
    await composer().fill('Two pictures');
    await composer().press('Enter');
    await page.waitForURL(/\/chat\/[^/]+$/);
    const thumbnail = page.getByRole('button', { name: `Open image ${PHOTO}` });
    await expect.poll(() => thumbnail.getAttribute('data-state')).toBe('loaded');
    await thumbnail.click();
    await viewer().getByRole('img', { name: PHOTO }).waitFor();
    await checkStop(page, 'the image viewer at a desk');
    await shot('viewer', scheme);
    const centre = await centreOf('.image-viewer__stage');
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.wheel(0, -300);
    await expect.poll(() => stage().getAttribute('data-zoom')).toBe('zoomed');
    // Dragging with the mouse pans the zoomed picture (up and down: the tall photo, zoomed, is
    // still narrower than the wide stage, so it does not move across).
    const before = await stage().evaluate((element) => element.style.getPropertyValue('--zoom-y'));
    await page.mouse.down();
    await page.mouse.move(centre.x, centre.y - 80, { steps: 5 });
    await page.mouse.up();
    expect(await stage().evaluate((element) => element.style.getPropertyValue('--zoom-y'))).not.toBe(before);
    await page.keyboard.press('Escape');
    await viewer().waitFor({ state: 'detached' });
    expect(await thumbnail.evaluate((element) => element === document.activeElement)).toBe(true);

    await navOf(page).getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settingsSectionButton(page, 'Chats').click();
    await settings.getByRole('radio', { name: /^Automatic/ }).waitFor();
    await checkStop(page, 'Settings at a desk');
    await shot('settings', scheme);
    await settings.getByRole('radio', { name: /^Automatic/ }).scrollIntoViewIfNeeded();
    await shot('settings-enter-key', scheme);
  }, JOURNEY_TIMEOUT_MS);
});
