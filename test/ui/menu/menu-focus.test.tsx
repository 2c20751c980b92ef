import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Menu } from '../../../src/ui/menu';
import { chatItems, expectClosed, expectFocusedItem, renderMenu, resetMenuTests } from './menu-fixtures';

resetMenuTests();

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * happy-dom focuses anything; a browser refuses an element that is not rendered, such as one
 * inside the menu before it is placed (visibility: hidden until data-placed). This makes
 * happy-dom refuse too, so a test sees what a keyboard user in Chromium sees.
 */
function refuseFocusWhileUnplaced() {
  const focus = HTMLElement.prototype.focus;
  vi.spyOn(HTMLElement.prototype, 'focus').mockImplementation(function (this: HTMLElement, options?: FocusOptions) {
    if (this.closest('.menu:not([data-placed])')) return;
    focus.call(this, options);
  });
}

describe('Menu focus in a browser that skips hidden elements', () => {
  it.each([
    ['Enter', 'Rename'],
    [' ', 'Rename'],
    ['ArrowDown', 'Rename'],
    ['ArrowUp', 'Delete'],
  ])('%j on the trigger moves focus into the menu, on %s', (key, label) => {
    refuseFocusWhileUnplaced();
    const trigger = renderMenu();
    trigger.focus();
    fireEvent.keyDown(trigger, { key });
    expect(screen.getByRole('menu').hasAttribute('data-placed')).toBe(true);
    expectFocusedItem(label);
    // And the keys work from there: the arrows reach Pin.
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expectFocusedItem('Pin');
  });

  it('focuses the first item when opened with the pointer', () => {
    refuseFocusWhileUnplaced();
    fireEvent.click(renderMenu());
    expectFocusedItem('Rename');
  });
});

describe('Menu closing without a choice', () => {
  it('closes when focus moves outside it without a press (a hotkey, a navigation), leaving focus there', () => {
    const trigger = renderMenu();
    trigger.focus();
    fireEvent.keyDown(trigger, { key: 'Enter' });
    const elsewhere = screen.getByRole('button', { name: 'Elsewhere' });
    act(() => elsewhere.focus());
    expectClosed(trigger);
    expect(document.activeElement).toBe(elsewhere);
  });

  it('stays open while focus moves between its items', () => {
    const trigger = renderMenu();
    trigger.focus();
    fireEvent.keyDown(trigger, { key: 'Enter' });
    act(() => screen.getByRole('menuitem', { name: 'Export' }).focus());
    expect(screen.getByRole('menu')).toBeTruthy();
    expectFocusedItem('Export');
  });

  it('leaves no popover behind when its page goes away, and tells the owner it closed', () => {
    const onOpenChange = vi.fn();
    function Page() {
      const [shown, setShown] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setShown(false)}>
            Leave
          </button>
          {shown && <Menu items={chatItems} label="Chat options" icon="lucide:ellipsis" onOpenChange={onOpenChange} />}
        </>
      );
    }
    render(<Page />);
    const trigger = screen.getByRole('button', { name: 'Chat options' });
    trigger.focus();
    fireEvent.keyDown(trigger, { key: 'Enter' });
    expect(screen.getByRole('menu')).toBeTruthy();
    // A route change unmounts the page without moving focus through the document first.
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.querySelector('.menu')).toBeNull();
    expect(onOpenChange.mock.calls).toEqual([[true], [false]]);
  });
});

describe('Menu portal', () => {
  it('goes into the page’s <main>, so its items belong to a landmark', () => {
    render(
      <main>
        <div style={{ overflow: 'hidden' }}>
          <Menu items={chatItems} label="Chat options" icon="lucide:ellipsis" />
        </div>
      </main>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Chat options' }));
    expect(screen.getByRole('menu').parentElement).toBe(screen.getByRole('main'));
  });
});
