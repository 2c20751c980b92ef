import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from '../../../src/ui/dialog';
import { Menu } from '../../../src/ui/menu';
import { chatItems, expectClosed, expectFocusedItem, menuItems, renderMenu, resetMenuTests, selected } from './menu-fixtures';

resetMenuTests();

describe('Menu trigger', () => {
  it('is a closed menu button named by its label', () => {
    const trigger = renderMenu();
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    expectClosed(trigger);
  });

  it('opens on click: a menu named by the trigger, in a portal on the body, first item focused', () => {
    const trigger = renderMenu();
    fireEvent.click(trigger);
    const menu = screen.getByRole('menu', { name: 'Chat options' });
    expect(menu.parentElement).toBe(document.body);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(trigger.getAttribute('aria-controls')).toBe(menu.id);
    expect(trigger.getAttribute('data-menu-state')).toBe('open');
    expect(menu.getAttribute('data-state')).toBe('open');
    expect(menuItems().map((element) => element.textContent)).toEqual(['Rename', 'Pin', 'Export', 'Duplicate', 'Delete']);
    expectFocusedItem('Rename');
  });

  it('keeps data-state for its tooltip and reports the menu in data-menu-state', () => {
    const trigger = renderMenu();
    expect(trigger.getAttribute('data-state')).toBe('closed');
    fireEvent.click(trigger);
    expect(trigger.getAttribute('data-state')).toBe('closed');
    expect(trigger.getAttribute('data-menu-state')).toBe('open');
  });

  it.each(['Enter', ' ', 'ArrowDown'])('opens with %j on the first item, and the key is consumed', (key) => {
    const trigger = renderMenu();
    trigger.focus();
    const notPrevented = fireEvent.keyDown(trigger, { key });
    expect(notPrevented).toBe(false);
    expect(screen.getByRole('menu')).toBeTruthy();
    expectFocusedItem('Rename');
  });

  it('opens with ArrowUp on the last item', () => {
    const trigger = renderMenu();
    trigger.focus();
    fireEvent.keyDown(trigger, { key: 'ArrowUp' });
    expectFocusedItem('Delete');
  });

  it('closes again on a second click', () => {
    const trigger = renderMenu();
    fireEvent.click(trigger);
    fireEvent.pointerDown(trigger);
    fireEvent.click(trigger);
    expectClosed(trigger);
  });

  it('does not open without items', () => {
    const trigger = renderMenu([]);
    fireEvent.click(trigger);
    expectClosed(trigger);
  });
});

describe('Menu pointer', () => {
  it('runs a clicked item and closes', () => {
    const trigger = renderMenu();
    fireEvent.click(trigger);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Export' }));
    expect(selected).toEqual(['export']);
    expectClosed(trigger);
  });

  it('moves focus with the pointer, so keyboard and pointer share one highlight', () => {
    renderMenu();
    fireEvent.click(screen.getByRole('button', { name: 'Chat options' }));
    fireEvent.pointerMove(screen.getByRole('menuitem', { name: 'Export' }));
    expectFocusedItem('Export');
  });

  it('closes on a press outside without pulling focus back to the trigger', () => {
    const trigger = renderMenu();
    fireEvent.click(trigger);
    const elsewhere = screen.getByRole('button', { name: 'Elsewhere' });
    fireEvent.pointerDown(elsewhere);
    elsewhere.focus();
    expectClosed(trigger);
    expect(document.activeElement).toBe(elsewhere);
    expect(selected).toEqual([]);
  });

  it('stays open for a press inside the menu', () => {
    renderMenu();
    fireEvent.click(screen.getByRole('button', { name: 'Chat options' }));
    fireEvent.pointerDown(screen.getByRole('menuitem', { name: 'Pin' }));
    expect(screen.getByRole('menu')).toBeTruthy();
  });

  it('reports open and close to onOpenChange', () => {
    const onOpenChange = vi.fn();
    render(<Menu items={chatItems} onOpenChange={onOpenChange}>Actions</Menu>);
    const trigger = screen.getByRole('button', { name: 'Actions' });
    fireEvent.click(trigger);
    fireEvent.pointerDown(document.body);
    expect(onOpenChange.mock.calls).toEqual([[true], [false]]);
  });
});

describe('Menu placement', () => {
  function stubLayout(triggerTop: number) {
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(160);
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(120);
    vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(1024);
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(768);
    const trigger = renderMenu();
    vi.spyOn(trigger, 'getBoundingClientRect').mockReturnValue(new DOMRect(900, triggerTop, 32, 32));
    fireEvent.click(trigger);
    return screen.getByRole('menu');
  }

  it('writes the computed position below the trigger as CSS variables', () => {
    const menu = stubLayout(100);
    expect(menu.getAttribute('data-side')).toBe('bottom');
    expect(menu.style.getPropertyValue('--menu-x')).toBe('856px');
    expect(menu.style.getPropertyValue('--menu-y')).toBe('136px');
    expect(menu.style.getPropertyValue('--menu-max-height')).toBe('624px');
    expect(menu.hasAttribute('data-placed')).toBe(true);
  });

  it('flips above the trigger near the bottom of the viewport', () => {
    const menu = stubLayout(720);
    expect(menu.getAttribute('data-side')).toBe('top');
    expect(menu.style.getPropertyValue('--menu-y')).toBe('596px');
  });
});

describe('Menu inside a dialog', () => {
  function Chat() {
    const [open, setOpen] = useState(true);
    return (
      <Dialog open={open} onOpenChange={setOpen} title="Chat settings">
        <Menu items={chatItems}>Model</Menu>
      </Dialog>
    );
  }

  it('renders into the dialog (the page outside a modal dialog is inert)', () => {
    render(<Chat />);
    fireEvent.click(screen.getByRole('button', { name: 'Model' }));
    const dialog = screen.getByRole('dialog', { name: 'Chat settings' });
    expect(dialog.contains(screen.getByRole('menu'))).toBe(true);
  });

  it('closes only the menu on Escape, not the dialog', () => {
    render(<Chat />);
    const trigger = screen.getByRole('button', { name: 'Model' });
    fireEvent.click(trigger);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Chat settings' })).toBeTruthy();
    expect(document.activeElement).toBe(trigger);
    fireEvent.keyDown(trigger, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
