// The message box's Enter key by device and by choice (issue 22): on a touch screen Return adds
// a line and the button sends; Ctrl/⌘+Enter sends everywhere; the Settings choice wins over the device.
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Composer } from '../../../src/ui/composer';
import { ENTER_KEY_STORAGE_KEY, TOUCH_KEYBOARD_QUERY } from '../../../src/ui/composer/enter-key';
import { resetDefaultTooltipStore } from '../../../src/ui/tooltip/tooltip-store';
import { createTextSource } from '../../support/text-source';

/** Makes the device a phone (its touch screen the only pointer) or a computer with a mouse. */
function device(touch: boolean) {
  const real = window.matchMedia.bind(window);
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    query === TOUCH_KEYBOARD_QUERY ? ({ matches: touch, media: query } as MediaQueryList) : real(query),
  );
}

function Harness({ onSubmit }: { onSubmit: (text: string) => void }) {
  const [draft] = useState(() => createTextSource());
  return (
    <Composer
      label="Message"
      sendLabel="Send"
      text={draft}
      onSubmit={(text) => {
        onSubmit(text);
        draft.set('');
      }}
    />
  );
}

function setup() {
  const onSubmit = vi.fn();
  render(<Harness onSubmit={onSubmit} />);
  const textbox = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
  fireEvent.change(textbox, { target: { value: 'First line' } });
  /** fireEvent's result: false when the handler prevented the default (no line is added). */
  const enter = (init: KeyboardEventInit & { keyCode?: number } = {}) => fireEvent.keyDown(textbox, { key: 'Enter', code: 'Enter', keyCode: 13, ...init });
  return { textbox, enter, onSubmit };
}

beforeEach(() => resetDefaultTooltipStore());
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the Enter key on a touch screen', () => {
  beforeEach(() => device(true));

  it('lets Return add a line: nothing is sent and the default is kept', () => {
    const { enter, onSubmit, textbox } = setup();
    expect(enter()).toBe(true);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(textbox.value).toBe('First line');
  });

  it('shows an Enter key, not Send, on the on-screen keyboard', () => {
    const { textbox } = setup();
    expect(textbox.getAttribute('enterkeyhint')).toBe('enter');
  });

  it('sends with the Send button, both lines', () => {
    const { textbox, onSubmit } = setup();
    fireEvent.change(textbox, { target: { value: 'First line\nSecond line' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('First line\nSecond line');
  });

  it.each([{ ctrlKey: true }, { metaKey: true }])('sends with Ctrl/⌘+Enter (%j)', (modifier) => {
    const { enter, onSubmit } = setup();
    expect(enter(modifier)).toBe(false);
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('First line');
  });

  it('sends with Enter when Settings says "Enter sends"', () => {
    localStorage.setItem(ENTER_KEY_STORAGE_KEY, 'send');
    const { enter, onSubmit, textbox } = setup();
    expect(textbox.getAttribute('enterkeyhint')).toBe('send');
    expect(enter()).toBe(false);
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('First line');
  });
});

describe('the Enter key with a mouse and keyboard', () => {
  beforeEach(() => device(false));

  it('sends on Enter, with a Send key on the keyboard hint', () => {
    const { enter, onSubmit, textbox } = setup();
    expect(textbox.getAttribute('enterkeyhint')).toBe('send');
    expect(enter()).toBe(false);
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('First line');
  });

  it('adds a line on Shift+Enter', () => {
    const { enter, onSubmit } = setup();
    expect(enter({ shiftKey: true })).toBe(true);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('adds a line on Enter when Settings says "Enter adds a line", and Ctrl+Enter still sends', () => {
    localStorage.setItem(ENTER_KEY_STORAGE_KEY, 'newline');
    const { enter, onSubmit } = setup();
    expect(enter()).toBe(true);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(enter({ ctrlKey: true })).toBe(false);
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('First line');
  });

  it('never sends on an Enter that belongs to an input method, even Ctrl+Enter', () => {
    const { enter, onSubmit } = setup();
    expect(enter({ isComposing: true, ctrlKey: true })).toBe(true);
    expect(enter({ keyCode: 229 })).toBe(true);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
