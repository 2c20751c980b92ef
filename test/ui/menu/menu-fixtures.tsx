import { render, screen } from '@testing-library/react';
import { beforeEach, expect } from 'vitest';
import { Menu, type MenuItem } from '../../../src/ui/menu';
import { resetInputModality } from '../../../src/ui/tooltip/input-modality';
import { resetDefaultTooltipStore } from '../../../src/ui/tooltip/tooltip-store';

/** The ids of the items chosen so far, in order. */
export const selected: string[] = [];

export const item = (id: string, label: string, extra: Partial<MenuItem> = {}): MenuItem => ({
  id,
  label,
  onSelect: () => selected.push(id),
  ...extra,
});

export const chatItems: MenuItem[] = [
  item('rename', 'Rename', { icon: 'lucide:pencil' }),
  item('pin', 'Pin'),
  item('export', 'Export'),
  item('duplicate', 'Duplicate'),
  item('delete', 'Delete', { color: 'error', icon: 'lucide:trash-2' }),
];

/** Call at the top of a test file: forgets choices, tooltips and the input modality between tests. */
export function resetMenuTests() {
  beforeEach(() => {
    selected.length = 0;
    resetInputModality();
    resetDefaultTooltipStore();
  });
}

/** An icon-only "Chat options" menu inside a container that records the keys reaching it. */
export function renderMenu(items: MenuItem[] = chatItems, props: { onOutsideKeyDown?: (key: string) => void } = {}) {
  render(
    <div onKeyDown={(event) => props.onOutsideKeyDown?.(event.key)}>
      <Menu items={items} icon="lucide:ellipsis" label="Chat options" variant="ghost" />
      <button type="button">Elsewhere</button>
    </div>,
  );
  return screen.getByRole('button', { name: 'Chat options' });
}

export const menuItems = () => screen.getAllByRole('menuitem');

export function expectClosed(trigger: HTMLElement) {
  expect(screen.queryByRole('menu')).toBeNull();
  expect(trigger.getAttribute('aria-expanded')).toBe('false');
  expect(trigger.hasAttribute('aria-controls')).toBe(false);
  expect(trigger.getAttribute('data-menu-state')).toBe('closed');
}

/** Roving tabindex: the focused item is the only one in the tab order. */
export function expectFocusedItem(label: string) {
  expect(document.activeElement?.textContent).toBe(label);
  const inTabOrder = menuItems().filter((element) => element.tabIndex === 0);
  expect(inTabOrder.map((element) => element.textContent)).toEqual([label]);
}
