import { act, fireEvent, render, screen } from '@testing-library/react';
import { Profiler, useState, type KeyboardEvent } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { t } from '../../../src/i18n';
import { COMPOSER_HEIGHT_VAR, COMPOSITION_END_GRACE_MS, Composer, type ComposerProps } from '../../../src/ui/composer';
import { resetDefaultTooltipStore } from '../../../src/ui/tooltip/tooltip-store';
import type { TextSource } from '../../../src/lib/text-source';
import { createTextSource } from '../../support/text-source';

type HarnessProps = Partial<Omit<ComposerProps, 'text'>> & { initial?: string; source?: TextSource };

/** A caller owning the draft: it clears the text once the message is sent, as the pages do. */
function Harness({ initial = '', source, onSubmit, ...props }: HarnessProps) {
  const [text] = useState(() => source ?? createTextSource(initial));
  return (
    <Composer
      label="Message Parley"
      placeholder="Ask anything"
      sendLabel="Send message"
      stopLabel="Stop generating"
      {...props}
      text={text}
      onSubmit={(sent) => {
        onSubmit?.(sent);
        text.set('');
      }}
    />
  );
}

function setup(props: HarnessProps = {}) {
  const onSubmit = vi.fn();
  const onStop = vi.fn();
  render(<Harness onSubmit={onSubmit} onStop={onStop} {...props} />);
  const textbox = screen.getByRole('textbox', { name: 'Message Parley' }) as HTMLTextAreaElement;
  const type = (text: string) => fireEvent.change(textbox, { target: { value: text } });
  const enter = (init: KeyboardEventInit & { keyCode?: number } = {}) =>
    fireEvent.keyDown(textbox, { key: 'Enter', code: 'Enter', keyCode: 13, ...init });
  return { textbox, type, enter, onSubmit, onStop, form: textbox.closest('form')! };
}

beforeEach(() => resetDefaultTooltipStore());

describe('Composer', () => {
  it('is a form with a labelled multi-line text box and a send button', () => {
    const { textbox, form } = setup();
    expect(textbox.tagName).toBe('TEXTAREA');
    expect(textbox.placeholder).toBe('Ask anything');
    expect(form.getAttribute('data-state')).toBe('idle');
    expect(screen.getByRole('button', { name: 'Send message' }).getAttribute('type')).toBe('submit');
    expect(screen.queryByRole('button', { name: 'Stop generating' })).toBeNull();
  });

  it('sends the trimmed text on Enter, and the caller clears it', () => {
    const { textbox, type, enter, onSubmit } = setup();
    type('  What is a monad?\n ');
    const notPrevented = enter();
    expect(notPrevented).toBe(false);
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('What is a monad?');
    expect(textbox.value).toBe('');
  });

  it.each(['', '   ', '\n\n'])('does not send blank text %j, nor add a line', (text) => {
    const { type, enter, onSubmit } = setup();
    type(text);
    expect(enter()).toBe(false);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('leaves Shift+Enter to the textarea, which inserts a new line', () => {
    const { type, enter, onSubmit } = setup();
    type('first line');
    expect(enter({ shiftKey: true })).toBe(true);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('marks the send button disabled while the text is blank, and sends with it otherwise', () => {
    const { textbox, type, onSubmit } = setup();
    const send = screen.getByRole('button', { name: 'Send message' });
    expect(send.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(send);
    expect(onSubmit).not.toHaveBeenCalled();
    type('Hello');
    expect(send.hasAttribute('aria-disabled')).toBe(false);
    send.focus();
    fireEvent.click(send);
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('Hello');
    expect(document.activeElement).toBe(textbox);
  });

  it('lets the caller’s keydown handler run first and cancel the send', () => {
    const onKeyDown = vi.fn((event: KeyboardEvent<HTMLTextAreaElement>) => event.preventDefault());
    const { type, enter, onSubmit } = setup({ onKeyDown });
    type('Hello');
    enter();
    expect(onKeyDown).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('focuses the text box with autoFocus', () => {
    const { textbox } = setup({ autoFocus: true });
    expect(document.activeElement).toBe(textbox);
  });

  it('focuses the text box when the box around it is pressed', () => {
    const { textbox, form } = setup();
    const notPrevented = fireEvent.mouseDown(form);
    expect(notPrevented).toBe(false);
    expect(document.activeElement).toBe(textbox);
  });

  it('renders the toolbar and footer slots', () => {
    setup({ toolbar: <button type="button">Model: llama3</button>, footer: <span>Replies can be wrong.</span> });
    expect(screen.getByRole('button', { name: 'Model: llama3' })).toBeTruthy();
    expect(screen.getByText('Replies can be wrong.')).toBeTruthy();
  });

  it('disables typing and sending when disabled', () => {
    const { textbox, enter, onSubmit, form } = setup({ disabled: true, initial: 'Hello' });
    expect(textbox.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(true);
    expect(form.hasAttribute('data-disabled')).toBe(true);
    enter();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('names its parts from the i18n catalogue by default', () => {
    render(<Composer text={createTextSource()} onSubmit={() => {}} />);
    expect(screen.getByRole('textbox', { name: t('composer.label') })).toBeTruthy();
    expect(screen.getByRole('button', { name: t('composer.send') })).toBeTruthy();
  });
});

describe('Composer while streaming', () => {
  it('replaces Send with a Stop button that calls onStop', () => {
    const { form, onStop } = setup({ streaming: true });
    expect(form.getAttribute('data-state')).toBe('streaming');
    expect(screen.queryByRole('button', { name: 'Send message' })).toBeNull();
    const stop = screen.getByRole('button', { name: 'Stop generating' });
    expect(stop.getAttribute('type')).toBe('button');
    fireEvent.click(stop);
    expect(onStop).toHaveBeenCalledTimes(1);
  });

  it('does not send on Enter, but keeps the draft', () => {
    const { textbox, type, enter, onSubmit } = setup({ streaming: true });
    type('Next question');
    enter();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(textbox.value).toBe('Next question');
  });

  it('lets Stop work even when the composer is disabled', () => {
    const { onStop } = setup({ streaming: true, disabled: true });
    fireEvent.click(screen.getByRole('button', { name: 'Stop generating' }));
    expect(onStop).toHaveBeenCalledTimes(1);
  });

  it('keeps keyboard focus on the action button when Stop turns back into Send', () => {
    const onSubmit = vi.fn();
    const { rerender } = render(<Harness onSubmit={onSubmit} streaming />);
    const stop = screen.getByRole('button', { name: 'Stop generating' });
    stop.focus();
    rerender(<Harness onSubmit={onSubmit} streaming={false} />);
    const send = screen.getByRole('button', { name: 'Send message' });
    expect(send).toBe(stop);
    expect(document.activeElement).toBe(send);
  });
});

describe('Composer and input methods (IME)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('does not send on the Enter that confirms a candidate (isComposing)', () => {
    const { type, enter, onSubmit } = setup();
    type('にほん');
    expect(enter({ isComposing: true })).toBe(true);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('does not send on an Enter keydown with keyCode 229', () => {
    const { type, enter, onSubmit } = setup();
    type('にほん');
    expect(enter({ keyCode: 229 })).toBe(true);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('does not send between compositionstart and compositionend', () => {
    const { textbox, type, enter, onSubmit } = setup();
    fireEvent.compositionStart(textbox);
    type('にほ');
    enter();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('Safari: ignores the Enter keydown that arrives just after compositionend, then sends on the next', () => {
    const { textbox, type, enter, onSubmit } = setup();
    fireEvent.compositionStart(textbox);
    type('日本');
    fireEvent.compositionEnd(textbox, { data: '日本' });
    expect(enter()).toBe(true);
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.keyUp(textbox, { key: 'Enter' });
    enter();
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('日本');
  });

  it('Chrome: after the confirming Enter is released, the next Enter sends at once', () => {
    const { textbox, type, enter, onSubmit } = setup();
    fireEvent.compositionStart(textbox);
    type('日本');
    enter({ isComposing: true });
    fireEvent.compositionEnd(textbox, { data: '日本' });
    fireEvent.keyUp(textbox, { key: 'Enter' });
    enter();
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('日本');
  });

  it('a candidate picked with the mouse: Enter sends once the grace time has passed', () => {
    vi.useFakeTimers();
    const { textbox, type, enter, onSubmit } = setup();
    fireEvent.compositionStart(textbox);
    type('日本');
    fireEvent.compositionEnd(textbox, { data: '日本' });
    act(() => vi.advanceTimersByTime(COMPOSITION_END_GRACE_MS));
    enter();
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('日本');
  });
});

describe('Composer height', () => {
  let scrollHeight = 0;

  /** Stubs the layout happy-dom lacks: 24 px lines, 8 px padding (one line = 40 px), content height. */
  function setupWithLayout(viewportHeight = 1000) {
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(viewportHeight);
    const result = setup();
    result.textbox.style.lineHeight = '24px';
    result.textbox.style.padding = '8px';
    Object.defineProperty(result.textbox, 'scrollHeight', { configurable: true, get: () => scrollHeight });
    const height = () => result.textbox.style.getPropertyValue(COMPOSER_HEIGHT_VAR);
    const grow = (text: string, contentHeight: number) => {
      scrollHeight = contentHeight;
      result.type(text);
    };
    return { ...result, height, grow };
  }

  it('grows with the content, writing the height as a CSS variable', () => {
    const { textbox, height, grow } = setupWithLayout();
    grow('one', 40);
    expect(height()).toBe('40px');
    grow('one\ntwo\nthree', 88);
    expect(height()).toBe('88px');
    expect(textbox.hasAttribute('data-overflowing')).toBe(false);
  });

  it('stops at 12 lines and scrolls beyond', () => {
    const { textbox, height, grow } = setupWithLayout();
    grow('many lines', 600);
    expect(height()).toBe('304px');
    expect(textbox.hasAttribute('data-overflowing')).toBe(true);
  });

  it('stops at 40% of a short viewport', () => {
    const { height, grow } = setupWithLayout(500);
    grow('many lines', 600);
    expect(height()).toBe('200px');
  });

  it('shrinks back when text is removed or sent', () => {
    const { textbox, height, grow, enter } = setupWithLayout();
    grow('many lines', 600);
    scrollHeight = 40;
    enter();
    expect(textbox.value).toBe('');
    expect(height()).toBe('40px');
    expect(textbox.hasAttribute('data-overflowing')).toBe(false);
  });

  it('typing at the end measures the box where it is (no reset to auto, no second layout); removing text resets it', () => {
    const { textbox, height, grow } = setupWithLayout();
    grow('one', 40);
    const writes = vi.spyOn(textbox.style, 'setProperty');
    grow('one two', 40);
    grow('one two three', 64);
    expect(writes.mock.calls.filter(([, value]) => value === 'auto')).toEqual([]);
    expect(height()).toBe('64px');
    writes.mockClear();
    scrollHeight = 40;
    act(() => void fireEvent.change(textbox, { target: { value: 'one' } }));
    expect(writes.mock.calls[0]).toEqual([COMPOSER_HEIGHT_VAR, 'auto']);
    expect(height()).toBe('40px');
  });

  it('re-fits when the viewport resizes', () => {
    const { height, grow } = setupWithLayout();
    grow('many lines', 600);
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(400);
    act(() => void window.dispatchEvent(new Event('resize')));
    expect(height()).toBe('160px');
  });
});

describe('Composer with its text held outside React (issue 34)', () => {
  it('writes each keystroke to the text and renders nothing for it, but once when Send becomes possible (or not)', () => {
    const source = createTextSource();
    let commits = 0;
    render(
      <Profiler id="composer" onRender={() => void (commits += 1)}>
        <Harness source={source} />
      </Profiler>,
    );
    const textbox = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message Parley' });
    const send = screen.getByRole('button', { name: 'Send message' });
    commits = 0;
    fireEvent.input(textbox, { target: { value: 'H' } });
    expect(source.get()).toBe('H');
    expect(send.getAttribute('aria-disabled')).toBeNull();
    expect(commits).toBe(1);
    for (const text of ['He', 'Hel', 'Hell', 'Hello']) fireEvent.input(textbox, { target: { value: text } });
    expect(source.get()).toBe('Hello');
    expect(commits).toBe(1);
    fireEvent.input(textbox, { target: { value: ' ' } });
    expect(send.getAttribute('aria-disabled')).toBe('true');
    expect(commits).toBe(2);
  });

  it('shows a text changed elsewhere (a prompt put in, a send clearing it) and fits its height to it', () => {
    const source = createTextSource('Hi');
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(1000);
    setup({ source });
    const textbox = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message Parley' });
    expect(textbox.value).toBe('Hi');
    textbox.style.lineHeight = '24px';
    textbox.style.padding = '8px';
    let scrollHeight = 88;
    Object.defineProperty(textbox, 'scrollHeight', { configurable: true, get: () => scrollHeight });
    act(() => source.set('one\ntwo\nthree'));
    expect(textbox.value).toBe('one\ntwo\nthree');
    expect(textbox.style.getPropertyValue(COMPOSER_HEIGHT_VAR)).toBe('88px');
    scrollHeight = 40;
    act(() => source.set(''));
    expect(textbox.value).toBe('');
    expect(textbox.style.getPropertyValue(COMPOSER_HEIGHT_VAR)).toBe('40px');
    expect(screen.getByRole('button', { name: 'Send message' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('shows a text that loads after the box appears', () => {
    const source = createTextSource(undefined);
    setup({ source });
    const textbox = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message Parley' });
    expect(textbox.value).toBe('');
    act(() => source.set('From last time'));
    expect(textbox.value).toBe('From last time');
  });

  it('leaves the box alone while an input method composes in it; the composed text then goes to the text', () => {
    const source = createTextSource();
    setup({ source });
    const textbox = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message Parley' });
    fireEvent.compositionStart(textbox);
    fireEvent.input(textbox, { target: { value: 'にほ' } });
    expect(source.get()).toBe('にほ');
    // A change made elsewhere meanwhile does not clobber the composition.
    act(() => source.set('elsewhere'));
    expect(textbox.value).toBe('にほ');
    fireEvent.compositionEnd(textbox, { data: '日本' });
    fireEvent.input(textbox, { target: { value: '日本' } });
    expect(source.get()).toBe('日本');
    expect(textbox.value).toBe('日本');
  });

  it('reads the computed style once, not per keystroke, and again after a resize', () => {
    const { type } = setup();
    const styles = vi.spyOn(window, 'getComputedStyle');
    for (const text of ['a', 'ab', 'abc', 'ab', '']) type(text);
    expect(styles).toHaveBeenCalledTimes(1);
    act(() => void window.dispatchEvent(new Event('resize')));
    type('a');
    expect(styles).toHaveBeenCalledTimes(2);
  });
});
