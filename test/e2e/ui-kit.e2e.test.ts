import { describe, expect, inject, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { toasts as toastsOf } from './locators';
import { pagePerTest } from './page-per-test';
import { axeViolations } from './screen-checks';

// The gallery is in development builds only; the e2e build with the echo model includes it.
const appUrl = inject('modelAppUrl');

let page: Page;
let iconRequests: string[];

pagePerTest({
  browser: 'file',
  async onOpen(opened) {
    page = opened.page;
    iconRequests = [];
    // The icon service, answered at the network level: mdi icons exist, the "unreachable" set's host is down.
    await page.route('https://api.iconify.design/**', async (route) => {
      const url = new URL(route.request().url());
      iconRequests.push(url.pathname + url.search);
      if (url.pathname === '/mdi.json') {
        const names = (url.searchParams.get('icons') ?? '').split(',');
        const icons = Object.fromEntries(names.map((n) => [n, { body: '<path d="M2 2h20v20H2z" fill="currentColor"/>' }]));
        await route.fulfill({ json: { prefix: 'mdi', icons, width: 24, height: 24 }, headers: { 'access-control-allow-origin': '*' } });
      } else {
        await route.abort('connectionrefused');
      }
    });
    await page.goto(new URL('ui', appUrl).href);
    await page.getByRole('heading', { name: 'UI kit' }).waitFor();
  },
});

const toasts = () => toastsOf(page);
const fire = (name: string) => page.getByRole('button', { name, exact: true }).click();
const box = async (locator: Locator) => (await locator.boundingBox())!;

describe('toasts on /ui', () => {
  it('"Fire 6" leaves 5 visible, "Toast 1" gone and "Toast 6" on top', async () => {
    await fire('Fire 6');
    await expect.poll(() => toasts().count()).toBe(5);
    const titles = await toasts().evaluateAll((items) => items.map((li) => li.querySelector('[data-slot="title"], .toast-title')?.textContent ?? li.textContent));
    expect(titles.join('|')).not.toContain('Toast 1');
    expect(titles[0]).toContain('Toast 6');
    const tops = await Promise.all([0, 1, 2, 3, 4].map(async (i) => (await box(toasts().nth(i))).y));
    expect(tops[0]).toBeLessThan(tops[1]!);
    expect(await toasts().nth(0).textContent()).toContain('Toast 6');
  });

  it('keeps a toast at 4.5 s and removes it by 6 s', async () => {
    // The toast's arrival and departure are timed in the page, so a slow test process cannot stretch them.
    await page.evaluate(() => {
      const moments: { shown?: number; gone?: number } = {};
      (window as unknown as { toastMoments: typeof moments }).toastMoments = moments;
      const count = () => document.querySelectorAll('[aria-label="Notifications (F8)"] li').length;
      new MutationObserver(() => {
        if (count() > 0) moments.shown ??= performance.now();
        else if (moments.shown !== undefined) moments.gone ??= performance.now();
      }).observe(document.body, { childList: true, subtree: true });
    });
    await fire('Neutral toast');
    await expect.poll(() => toasts().count()).toBe(1);
    await page.mouse.move(5, 700); // away from the area: hovering it would pause the toast
    await expect.poll(() => toasts().count(), { timeout: 15_000 }).toBe(0);
    const lived = await page.evaluate(() => {
      const { shown, gone } = (window as unknown as { toastMoments: { shown: number; gone: number } }).toastMoments;
      return gone - shown;
    });
    expect(lived).toBeGreaterThanOrEqual(4500);
    expect(lived).toBeLessThan(6000);
  });

  it('keeps a hovered toast past its time and resumes when the pointer leaves', async () => {
    await fire('Neutral toast');
    await toasts().first().hover();
    await page.waitForTimeout(6000);
    expect(await toasts().count()).toBe(1);
    await page.mouse.move(5, 700);
    await expect.poll(() => toasts().count(), { timeout: 6000 }).toBe(0);
  });

  it('stacks toasts 16 px apart, newest on top, 16 px from the top-right corner, 384 px wide', async () => {
    await fire('Neutral toast');
    await fire('Toast with actions');
    await fire('Success toast');
    await expect.poll(() => toasts().count()).toBe(3);
    await page.mouse.move(5, 700);
    await page.waitForTimeout(600); // let the entry animation settle
    const viewport = page.viewportSize()!;
    const boxes = await Promise.all([0, 1, 2].map((i) => box(toasts().nth(i))));
    expect(await toasts().nth(0).textContent()).toContain('Chat exported');
    expect(boxes[0]!.y).toBeCloseTo(16, 0);
    for (const b of boxes) {
      expect(b.width).toBeCloseTo(384, 0);
      expect(b.x + b.width).toBeCloseTo(viewport.width - 16, 0);
    }
    expect(boxes[1]!.y - (boxes[0]!.y + boxes[0]!.height)).toBeCloseTo(16, 0);
    expect(boxes[2]!.y - (boxes[1]!.y + boxes[1]!.height)).toBeCloseTo(16, 0);
  });

  async function drag(dx: number) {
    const title = toasts().first().getByText('Something happened.');
    const start = await box(title);
    // Whole pixels: the threshold is strict at 50 px, so a fractional start could tip 50 over it.
    const x = Math.round(start.x + 10);
    const y = Math.round(start.y + start.height / 2);
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let step = 1; step <= 10; step += 1) await page.mouse.move(x + (dx * step) / 10, y);
    await page.mouse.up();
    await page.waitForTimeout(400);
  }

  it.each([
    [40, 1],
    [50, 1],
    [60, 0],
    [-60, 1],
  ])('a drag of %i px snaps back or dismisses (%i left)', async (dx, left) => {
    await fire('Neutral toast');
    await expect.poll(() => toasts().count()).toBe(1);
    await drag(dx);
    // A dismissed toast leaves once its exit has run.
    await expect.poll(() => toasts().count()).toBe(left);
  });

  it('F8 focuses the region and the close button is named "Close"', async () => {
    await fire('Neutral toast');
    // Seen first, as a person would: the toasts' renderer loads with the first toast (issue 12).
    await expect.poll(() => toasts().count()).toBe(1);
    await page.keyboard.press('F8');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Notifications (F8)');
    const close = toasts().first().getByRole('button', { name: 'Close' });
    expect(await close.count()).toBe(1);
    await close.click();
    expect(await toasts().count()).toBe(0);
  });

  it('moves the toaster among the six positions', async () => {
    await page.getByRole('radio', { name: 'bottom-left' }).check();
    await fire('Neutral toast');
    await page.mouse.move(700, 5);
    await page.waitForTimeout(600);
    const viewport = page.viewportSize()!;
    const b = await box(toasts().first());
    expect(b.x).toBeCloseTo(16, 0);
    expect(b.y + b.height).toBeCloseTo(viewport.height - 16, 0);
  });
});

describe('tooltips on /ui', () => {
  it('opens after about 700 ms of hover, and the next one at once within 300 ms', async () => {
    const edit = page.getByRole('button', { name: 'Edit', exact: true });
    const remove = page.getByRole('button', { name: 'Delete', exact: true });
    // Both moments are taken in the page: the pointer's arrival and the bubble's insertion. A clock in
    // the test process would start only when hover() returns, which on a busy machine is late.
    await edit.evaluate((el) => {
      const moments: { enter?: number; open?: number } = {};
      (window as unknown as { tipMoments: typeof moments }).tipMoments = moments;
      el.addEventListener('pointerenter', () => { moments.enter ??= performance.now(); });
      new MutationObserver(() => {
        if (document.querySelector('[role="tooltip"]')) moments.open ??= performance.now();
      }).observe(document.body, { childList: true, subtree: true });
    });
    await edit.hover();
    await page.getByRole('tooltip').waitFor();
    const openedAfter = await page.evaluate(() => {
      const { enter, open } = (window as unknown as { tipMoments: { enter: number; open: number } }).tipMoments;
      return open - enter;
    });
    expect(openedAfter).toBeGreaterThanOrEqual(650);
    expect(openedAfter).toBeLessThan(1200);
    expect(await page.getByRole('tooltip').textContent()).toBe('Edit');
    expect(await edit.getAttribute('aria-describedby')).toBe(await page.getByRole('tooltip').getAttribute('id'));

    await remove.hover();
    await expect.poll(() => page.getByRole('tooltip').textContent(), { timeout: 150 }).toBe('Delete');
    expect(await remove.getAttribute('data-state')).toBe('instant-open');
    expect(await page.getByRole('tooltip').count()).toBe(1);
    expect(await edit.getAttribute('aria-describedby')).toBeNull();
  });

  it('places the tooltip 8 px below its trigger when there is room, and above when there is not', async () => {
    const edit = page.getByRole('button', { name: 'Edit', exact: true });
    await edit.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await edit.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    const tip = page.getByRole('tooltip');
    await tip.waitFor();
    const [trigger, bubble] = [await box(edit), await box(tip)];
    expect(bubble.y - (trigger.y + trigger.height)).toBeCloseTo(8, 0);
    expect(await tip.getAttribute('data-side')).toBe('bottom');

    await page.keyboard.press('Escape');
    await edit.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await page.evaluate(() => window.scrollBy(0, 4)); // leave less room below than the bubble needs
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await tip.waitFor();
    const [low, flipped] = [await box(edit), await box(tip)];
    expect(await tip.getAttribute('data-side')).toBe('top');
    expect(low.y - (flipped.y + flipped.height)).toBeCloseTo(8, 0);
  });
});

describe('avatars and icons on /ui', () => {
  it('avatars measure 16 to 48 px', async () => {
    const sizes = { '3xs': 16, '2xs': 20, xs: 24, sm: 28, md: 32, lg: 36, xl: 40, '2xl': 44, '3xl': 48 };
    for (const [size, px] of Object.entries(sizes)) {
      const b = await box(page.getByTestId(`avatar-${size}`));
      expect([size, b.width, b.height]).toEqual([size, px, px]);
    }
  });

  it('asks the icon service /{prefix}.json?icons=… once per prefix, and leaves an empty box when it is down', async () => {
    await expect.poll(() => page.getByTestId('remote-icon').getAttribute('data-state')).toBe('loaded');
    await expect.poll(() => page.getByTestId('unreachable-icon').getAttribute('data-state')).toBe('unavailable');
    expect(iconRequests.sort()).toEqual(['/mdi.json?icons=home,robot-happy', '/unreachable.json?icons=cloud-off'].sort());
    const empty = await box(page.getByTestId('unreachable-icon'));
    expect([empty.width, empty.height]).toEqual([24, 24]);
    expect(await page.getByTestId('unreachable-icon').evaluate((svg) => svg.children.length)).toBe(0);
  });
});

describe('attachments on /ui', () => {
  const tray = () => page.getByRole('list', { name: 'Attachments' });

  it('removes chips from the keyboard, focus moving to the next chip', async () => {
    const first = tray().getByRole('button', { name: 'Remove harbour-at-dusk.jpg' });
    await first.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => tray().getByRole('listitem').count()).toBe(4);
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    expect(focused).toBe('Remove meeting-notes-for-the-quarterly-planning-review-final.md');
  });

  it('opens a thumbnail in the viewer, moves with the arrows, and Escape returns focus to the thumbnail', async () => {
    const thumbnail = page.getByRole('button', { name: 'Open image harbour-at-dusk.jpg' });
    await expect.poll(() => thumbnail.getAttribute('data-state')).toBe('loaded');
    await thumbnail.focus();
    await page.keyboard.press('Enter');
    const viewer = page.getByRole('dialog', { name: 'harbour-at-dusk.jpg' });
    await viewer.waitFor();
    await page.keyboard.press('ArrowRight');
    const shown = page.getByRole('dialog', { name: 'lighthouse.png' }).getByRole('img', { name: 'lighthouse.png' });
    // Decoded, so it has its size: until then a picture is 0 × 0 and has no box.
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // The picture fits inside the viewport.
    const picture = (await shown.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(picture.y + picture.height).toBeLessThanOrEqual(viewport.height);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await thumbnail.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('keeps the chips and thumbnails within a 320 px wide screen', async () => {
    await page.setViewportSize({ width: 320, height: 640 });
    await tray().scrollIntoViewIfNeeded();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    const widths = await tray().getByRole('listitem').evaluateAll((items) => items.map((item) => item.getBoundingClientRect().right));
    for (const right of widths) expect(right).toBeLessThanOrEqual(320);
  });
});

describe('accessibility of /ui', () => {
  it.each(['light', 'dark'] as const)('axe-core finds no violations in the %s theme', async (scheme) => {
    await page.emulateMedia({ colorScheme: scheme });
    await fire('Toast with actions');
    await page.mouse.move(5, 700);
    await page.waitForTimeout(400);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(scheme);
    expect(await axeViolations(page)).toEqual([]);
  });
});
