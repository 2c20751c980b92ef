import { afterEach, describe, expect, it } from 'vitest';
import { FOCUS_WAIT_MS, focusWhenReady } from '../../src/app/sidebar';

/** A frame clock the test advances by hand. */
function frames() {
  let time = 0;
  let queue: (() => void)[] = [];
  return {
    requestFrame: (callback: () => void) => void queue.push(callback),
    now: () => time,
    tick(ms = 16) {
      time += ms;
      const due = queue;
      queue = [];
      for (const callback of due) callback();
    },
    get pending() {
      return queue.length;
    },
  };
}

afterEach(() => {
  document.body.replaceChildren();
});

const composer = () => {
  const element = document.createElement('textarea');
  element.id = 'composer';
  document.body.append(element);
  return element;
};

describe('focusWhenReady', () => {
  it('waits for a frame even when the element is already there', () => {
    const clock = frames();
    const element = composer();
    focusWhenReady('composer', clock);
    expect(document.activeElement).not.toBe(element);
    clock.tick();
    expect(document.activeElement).toBe(element);
    expect(clock.pending).toBe(0);
  });

  it('focuses the element in the frame after it appears', () => {
    const clock = frames();
    focusWhenReady('composer', clock);
    clock.tick();
    clock.tick();
    const element = composer();
    expect(document.activeElement).not.toBe(element);
    clock.tick();
    expect(document.activeElement).toBe(element);
  });

  it(`gives up after ${FOCUS_WAIT_MS} ms`, () => {
    const clock = frames();
    focusWhenReady('composer', clock);
    clock.tick(FOCUS_WAIT_MS + 1);
    expect(clock.pending).toBe(0);
    const element = composer();
    clock.tick();
    expect(document.activeElement).not.toBe(element);
  });

  it('stops when cancelled', () => {
    const clock = frames();
    const stop = focusWhenReady('composer', clock);
    const element = composer();
    stop();
    clock.tick();
    expect(document.activeElement).not.toBe(element);
  });
});
