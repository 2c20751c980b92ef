// Touch target sizes (issue 22, WCAG 2.5.5): every control a finger can press measures at least
// 44×44 CSS px — its own box, its label's (a checkbox is pressed through its label), or an
// invisible hit area drawn by its ::before or ::after, whichever is largest.
import type { Page } from 'playwright-core';

/** The smallest control a finger may be asked to press (--touch-target in src/styles/tokens.css). */
export const TOUCH_TARGET_PX = 44;

/** The controls on the page (or inside `within`, a CSS selector) smaller than TOUCH_TARGET_PX, as "what w×h". */
export function smallTargets(page: Page, within?: string): Promise<string[]> {
  return page.evaluate(
    ({ within, min }) => {
      const CONTROLS =
        'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="switch"], [role="checkbox"], [role="radio"], [role="menuitem"], [role="menuitemradio"], [role="option"], [role="tab"], [tabindex]:not([tabindex="-1"])';
      /** Sub-pixel rounding of rem-based sizes. */
      const TOLERANCE_PX = 0.5;
      const roots = within ? [...document.querySelectorAll(within)] : [document.body];
      const small: string[] = [];
      const name = (element: Element) =>
        `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).join('.')}` : ''} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`;
      for (const root of roots) {
        for (const element of root.querySelectorAll(CONTROLS)) {
          if (!element.checkVisibility({ visibilityProperty: true }) || element.closest('[inert]')) continue;
          // A checkbox or radio is pressed through its label, even when the input itself is visually
          // hidden (the theme switch's radios): the label is what a finger has to hit.
          const input = element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio') ? element : null;
          const label = input ? (input.closest('label') ?? input.labels?.[0] ?? null) : null;
          const box = (label ?? element).getBoundingClientRect();
          // Visually hidden (a file input behind its button, the skip link above the page): no finger reaches it.
          if (box.width <= 1 || box.height <= 1 || box.bottom + scrollY <= 0 || box.right + scrollX <= 0) continue;
          let width = box.width;
          let height = box.height;
          for (const pseudo of ['::before', '::after']) {
            const style = getComputedStyle(element, pseudo);
            if (style.content === 'none' || style.position !== 'absolute') continue;
            width = Math.max(width, parseFloat(style.width) || 0);
            height = Math.max(height, parseFloat(style.height) || 0);
          }
          if (width < min - TOLERANCE_PX || height < min - TOLERANCE_PX) small.push(`${name(element)} ${Math.round(width)}×${Math.round(height)}`);
        }
      }
      return small;
    },
    { within, min: TOUCH_TARGET_PX },
  );
}

/** Fails with the list of controls too small for a finger at this stop. */
export async function checkTouchTargets(page: Page, stop: string, within?: string): Promise<void> {
  const small = await smallTargets(page, within);
  if (small.length > 0) throw new Error(`${stop}: controls smaller than ${TOUCH_TARGET_PX}×${TOUCH_TARGET_PX} px:\n${small.join('\n')}`);
}
