// What every journey checks at each stop: the page never scrolls sideways, axe-core finds no
// violation, and (for keyboard journeys) no pointer event ever reached the page.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The viewports the journeys run at: a phone (SPEC B11 asks for 320 px and up) and a laptop. */
export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1366, height: 860 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/**
 * axe-core's violations on the page as it is now, one line each ("rule: selectors"): on the whole
 * page, or only inside `within` (the elements a CSS selector matches, or the one a locator finds).
 */
export async function axeViolations(page: Page, within?: string | Locator): Promise<string[]> {
  // Evaluated through the DevTools protocol, which the page's CSP does not govern.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  if (within === undefined) return page.evaluate(runAxe, undefined);
  if (typeof within === 'string') return page.evaluate(runAxe, { include: [within] });
  return within.evaluate(runAxe);
}

/** Runs in the page, where axe-core is loaded: on `context`, or on the whole document. */
async function runAxe(context: Element | { include: string[] } | undefined): Promise<string[]> {
  type Result = { violations: { id: string; nodes: { target: string[] }[] }[] };
  const axe = (window as unknown as { axe: { run(ctx: object, o: object): Promise<Result> } }).axe;
  const result = await axe.run(context ?? document, { resultTypes: ['violations'] });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`);
}

/** How far the page can scroll sideways (0 when it cannot), and what sticks out if it can. */
export function horizontalOverflow(page: Page): Promise<{ overflow: number; culprits: string[] }> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const overflow = Math.max(root.scrollWidth, document.body.scrollWidth) - root.clientWidth;
    const culprits: string[] = [];
    if (overflow > 0) {
      for (const element of document.body.querySelectorAll('*')) {
        const box = element.getBoundingClientRect();
        if (box.right > root.clientWidth + 1 && box.width > 0) culprits.push(`${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`);
        if (culprits.length >= 5) break;
      }
    }
    return { overflow, culprits };
  });
}

/** One stop of a journey: no sideways scrolling and no axe violation, named for the failure message. */
export async function checkStop(page: Page, stop: string): Promise<void> {
  // Transitions (drawer, dialogs) settle before measuring contrast and geometry.
  await page.waitForTimeout(STOP_SETTLE_MS);
  const { overflow, culprits } = await horizontalOverflow(page);
  if (overflow > 0) throw new Error(`${stop}: the page scrolls sideways by ${overflow}px (${culprits.join(', ')})`);
  const violations = await axeViolations(page);
  if (violations.length > 0) throw new Error(`${stop}: axe-core violations:\n${violations.join('\n')}`);
}
/** Longer than the layout's transitions (--duration-normal). */
const STOP_SETTLE_MS = 250;

/** Records every pointer, mouse and touch event the page receives, so a keyboard journey can prove it used none. */
export async function watchPointerEvents(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __pointerEvents: string[] }).__pointerEvents = seen;
    for (const type of ['pointerdown', 'pointerup', 'mousedown', 'mouseup', 'click', 'touchstart']) {
      // A click that a key press synthesises (Enter on a button) has detail 0 and no pointer.
      window.addEventListener(type, (e) => {
        if (type === 'click' && (e as MouseEvent).detail === 0) return;
        seen.push(type);
      }, true);
    }
  });
}

export function pointerEventsSeen(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __pointerEvents?: string[] }).__pointerEvents ?? []);
}

/** The most Tab presses a journey spends reaching one control: more means the control is effectively unreachable. */
const MAX_TABS = 80;

/** Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user would; fails if it never does. */
export async function tabTo(page: Page, target: Locator, { backwards = false } = {}): Promise<number> {
  await target.waitFor();
  for (let presses = 0; presses <= MAX_TABS; presses++) {
    // Found again at every press: a control re-rendered meanwhile (a marker settling after a save, on a
    // busy machine) is a new element, and a handle taken once would wait for the old one for ever.
    if (await target.evaluate((element) => element === document.activeElement)) return presses;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`tabTo: ${MAX_TABS} presses of Tab never reached the target`);
}

/** What has focus, as role-ish text for assertions ("textarea Message", "button Open sidebar"). */
export function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return 'body';
    const name = element.getAttribute('aria-label') ?? (element.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : null) ?? element.textContent ?? '';
    return `${element.tagName.toLowerCase()} ${name.trim()}`;
  });
}
