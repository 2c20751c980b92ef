// What costly readers of a message box's text see (the context meter, the files' context warning,
// issue 34): a typed character after a pause, never within its keystroke; a paste or a send at once.
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSettledText } from '../../src/lib/use-settled-text';
import { createTextSource } from '../support/text-source';

const INTERVAL = 200;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup(initial = '') {
  const source = createTextSource(initial);
  let renders = 0;
  function Reader() {
    renders += 1;
    return <output>{useSettledText(source, INTERVAL)}</output>;
  }
  render(<Reader />);
  return { source, shown: () => screen.getByRole('status').textContent, renders: () => renders };
}

describe('useSettledText', () => {
  it('starts with the text as it is', () => {
    const { shown } = setup('Draft from last time');
    expect(shown()).toBe('Draft from last time');
  });

  it('takes typed characters at most every interval, never within a keystroke, and always the last one', () => {
    const { source, shown, renders } = setup();
    const before = renders();
    for (const text of ['H', 'He', 'Hel']) act(() => source.set(text));
    expect(shown()).toBe('');
    expect(renders()).toBe(before);
    act(() => vi.advanceTimersByTime(INTERVAL));
    expect(shown()).toBe('Hel');
    expect(renders()).toBe(before + 1);
    act(() => source.set('Hell'));
    act(() => source.set('Hello'));
    act(() => vi.advanceTimersByTime(INTERVAL - 1));
    expect(shown()).toBe('Hel');
    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toBe('Hello');
  });

  it('takes a bigger change at once: a paste, a send clearing the box, a prompt put in', () => {
    const { source, shown } = setup();
    act(() => source.set('Pasted text'));
    expect(shown()).toBe('Pasted text');
    act(() => source.set('Pasted text!'));
    act(() => source.set(''));
    expect(shown()).toBe('');
    // The typed character's timer went with it: nothing stale comes back.
    act(() => vi.advanceTimersByTime(INTERVAL));
    expect(shown()).toBe('');
  });
});
