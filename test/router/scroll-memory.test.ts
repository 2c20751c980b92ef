import { afterEach, describe, expect, it } from 'vitest';
import { createScrollMemory } from '../../src/router/scroll-memory';

let dispose: (() => void) | undefined;
afterEach(() => {
  dispose?.();
  sessionStorage.clear();
});

describe('createScrollMemory', () => {
  it('restores the position each history entry was left at, and the top for unknown ones', () => {
    let key = 'first';
    const memory = createScrollMemory(window, () => key);
    dispose = memory.dispose;
    expect(window.history.scrollRestoration).toBe('manual');

    window.scrollTo(0, 420);
    memory.save();
    key = 'second';
    window.scrollTo(0, 80);
    memory.save();

    memory.restore('first');
    expect(window.scrollY).toBe(420);
    memory.restore('second');
    expect(window.scrollY).toBe(80);
    memory.restore('never-seen');
    expect(window.scrollY).toBe(0);
  });

  it('keeps positions across a reload of the tab through sessionStorage', () => {
    const key = 'entry';
    const before = createScrollMemory(window, () => key);
    window.scrollTo(0, 250);
    window.dispatchEvent(new Event('pagehide'));
    before.dispose();

    const after = createScrollMemory(window, () => key);
    dispose = after.dispose;
    window.scrollTo(0, 0);
    after.restore('entry');
    expect(window.scrollY).toBe(250);
  });
});
