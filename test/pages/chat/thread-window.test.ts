// The thread window's arithmetic (issue 34): which groups are in reach of the screen, found by a
// binary search that reads few boxes, and one group more a frame at most.
import { describe, expect, it } from 'vitest';
import { groupHeight, groupsInReach, learnGroupHeight, messageWeight, nextWindow, rememberGroupHeight } from '../../../src/pages/chat/thread/thread-window';

/** `count` groups of `height` px stacked from `top` (on screen: the screen is 0…viewport). */
function stack(count: number, height: number, top: number) {
  const reads: number[] = [];
  const boxOf = (group: number) => {
    reads.push(group);
    return { top: top + group * height, bottom: top + (group + 1) * height };
  };
  return { boxOf, reads };
}

describe('groupsInReach', () => {
  it('finds the groups within the margin of the screen, reading a few boxes of 400', () => {
    // 400 groups of 500 px; the screen (800 px) starts 100,000 px into the thread.
    const { boxOf, reads } = stack(400, 500, -100_000);
    expect(groupsInReach(400, boxOf, 800, 800)).toEqual({ from: 198, to: 204 });
    expect(new Set(reads).size).toBeLessThan(20);
  });

  it('at the ends: the first groups at the top, the last at the bottom, none past them', () => {
    expect(groupsInReach(400, stack(400, 500, 0).boxOf, 800, 800)).toEqual({ from: 0, to: 4 });
    expect(groupsInReach(400, stack(400, 500, 800 - 400 * 500).boxOf, 800, 800)).toEqual({ from: 396, to: 400 });
    expect(groupsInReach(0, stack(0, 500, 0).boxOf, 800, 800)).toEqual({ from: 0, to: 0 });
  });
});

describe('nextWindow', () => {
  const middles = (group: number) => group * 500 - 1_000;
  it('adds one missing group a frame, the nearest to the middle of the screen, and says more wait', () => {
    expect(nextWindow([2, 3, 4, 5], new Set([2]), middles, 800)).toEqual({ groups: [2, 3], more: true });
    expect(nextWindow([2, 3, 4, 5], new Set([2, 3]), middles, 800)).toEqual({ groups: [2, 3, 4], more: true });
    expect(nextWindow([2, 3, 4, 5], new Set([2, 3, 4]), middles, 800)).toEqual({ groups: [2, 3, 4, 5], more: false });
  });

  it('drops at once what left the window', () => {
    expect(nextWindow([4, 5], new Set([1, 2, 3, 4, 5]), middles, 800)).toEqual({ groups: [4, 5], more: false });
  });
});

describe('heights', () => {
  it('a group never rendered is estimated from its text at the rate learnt from the rendered ones', () => {
    learnGroupHeight(1_000, messageWeight('x'.repeat(900)) * 5);
    // Five messages of 900 characters took 1,000 px: so do five more.
    expect(groupHeight('c1:y:z', messageWeight('y'.repeat(900)) * 5)).toBe(1_000);
    // And keeps it: a later measurement does not move a stand-in already estimated.
    learnGroupHeight(2_000, messageWeight('x'.repeat(900)) * 5);
    expect(groupHeight('c1:y:z', messageWeight('y'.repeat(900)) * 5)).toBe(1_000);
    expect(groupHeight('c1:v:w', messageWeight('y'.repeat(900)) * 5)).toBe(2_000);
  });

  it('a rendered group keeps the height it had', () => {
    learnGroupHeight(500, 10);
    rememberGroupHeight('c1:a:b', 731);
    expect(groupHeight('c1:a:b', 10)).toBe(731);
    // Another group is not given that height: it is estimated.
    expect(groupHeight('c1:a:c', 10)).toBe(500);
  });
});
