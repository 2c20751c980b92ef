// Settings → Message box (issue 22): the Enter key's choice is shown, saved on this device, and
// the message box follows it at the next key press.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EnterKeyField } from '../../../src/app/settings/chats/enter-key-field';
import { Composer } from '../../../src/ui/composer';
import { ENTER_KEY_STORAGE_KEY, TOUCH_KEYBOARD_QUERY } from '../../../src/ui/composer/enter-key';
import { TooltipProvider } from '../../../src/ui/tooltip';
import { createTextSource } from '../../support/text-source';

function device(touch: boolean) {
  const real = window.matchMedia.bind(window);
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    query === TOUCH_KEYBOARD_QUERY ? ({ matches: touch, media: query } as MediaQueryList) : real(query),
  );
}

function Host({ onSubmit }: { onSubmit: (text: string) => void }) {
  const [text] = useState(() => createTextSource('Hello'));
  return (
    <TooltipProvider>
      <Composer label="Message" text={text} onSubmit={onSubmit} />
      <EnterKeyField />
    </TooltipProvider>
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

const section = () => screen.getByRole('region', { name: 'Message box' });
const radio = (name: RegExp) => within(section()).getByRole('radio', { name }) as HTMLInputElement;
const pressEnter = () => fireEvent.keyDown(screen.getByRole('textbox', { name: 'Message' }), { key: 'Enter', code: 'Enter', keyCode: 13 });

describe('the Enter key setting', () => {
  it('starts on Automatic and says what that means on a touch screen', () => {
    device(true);
    render(<Host onSubmit={() => {}} />);
    expect(radio(/^Automatic/).checked).toBe(true);
    expect(section().textContent).toContain('This device has a touch screen: automatically, Return adds a line.');
    expect(section().textContent).toContain('Ctrl+Enter or ⌘+Enter always sends.');
  });

  it('"Enter adds a line" is saved, and Enter in the message box then adds a line on a computer', () => {
    device(false);
    const onSubmit = vi.fn();
    render(<Host onSubmit={onSubmit} />);
    expect(section().textContent).toContain('This device has a mouse or trackpad: automatically, Enter sends.');
    fireEvent.click(radio(/^Enter adds a line/));
    expect(localStorage.getItem(ENTER_KEY_STORAGE_KEY)).toBe('newline');
    expect(radio(/^Enter adds a line/).checked).toBe(true);
    expect(pressEnter()).toBe(true);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('"Enter sends" makes Return send on a touch screen; Automatic forgets the choice', () => {
    device(true);
    const onSubmit = vi.fn();
    render(<Host onSubmit={onSubmit} />);
    expect(pressEnter()).toBe(true);
    fireEvent.click(radio(/^Enter sends/));
    expect(localStorage.getItem(ENTER_KEY_STORAGE_KEY)).toBe('send');
    expect(pressEnter()).toBe(false);
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('Hello');
    fireEvent.click(radio(/^Automatic/));
    expect(localStorage.getItem(ENTER_KEY_STORAGE_KEY)).toBeNull();
    expect(radio(/^Automatic/).checked).toBe(true);
  });

  it('follows a choice made in another tab', () => {
    device(false);
    render(<Host onSubmit={() => {}} />);
    localStorage.setItem(ENTER_KEY_STORAGE_KEY, 'newline');
    act(() => void window.dispatchEvent(new StorageEvent('storage', { key: ENTER_KEY_STORAGE_KEY })));
    expect(radio(/^Enter adds a line/).checked).toBe(true);
  });
});
