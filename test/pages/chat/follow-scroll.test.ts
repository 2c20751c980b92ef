import { describe, expect, it, vi } from 'vitest';
import {
  bottomOf,
  createFollowScroll,
  distanceFromBottom,
  FOLLOW_THRESHOLD_PX,
  followAfterScroll,
  type ScrollMetrics,
} from '../../../src/pages/chat/thread/follow-scroll';

const at = (scrollTop: number, scrollHeight = 2000, clientHeight = 500): ScrollMetrics => ({ scrollTop, scrollHeight, clientHeight });

describe('distance from the end', () => {
  it.each([
    [at(1500), 0],
    [at(1000), 500],
    [at(0, 300, 500), 0],
    [at(1490.5), 9.5],
  ])('%o is %d px from the end', (metrics, distance) => {
    expect(distanceFromBottom(metrics)).toBe(distance);
  });

  it.each([
    [at(0), 1500],
    [at(0, 300, 500), 0],
  ])('the end of %o is at %d', (metrics, bottom) => {
    expect(bottomOf(metrics)).toBe(bottom);
  });
});

describe('followAfterScroll', () => {
  it.each([
    ['at the end', true, 1500, at(1500), true],
    ['within a line of the end, moved up', true, 1500, at(1500 - FOLLOW_THRESHOLD_PX), true],
    ['just past the threshold, moved up', true, 1500, at(1500 - FOLLOW_THRESHOLD_PX - 1), false],
    ['text grew below, position unchanged', true, 1500, at(1500, 2600), true],
    ['moving down but not at the end yet', false, 800, at(900), false],
    ['moving down while following (a smooth jump)', true, 800, at(900), true],
    ['reached the end by hand', false, 800, at(1500), true],
  ])('%s', (_case, following, previousTop, metrics, expected) => {
    expect(followAfterScroll(following, previousTop, metrics)).toBe(expected);
  });
});

function harness(reducedMotion = false, start = at(1500), keepPosition = false) {
  let metrics = start;
  const frames: (() => void)[] = [];
  const scrolls: [number, boolean][] = [];
  const onChange = vi.fn();
  const follow = createFollowScroll({
    target: {
      metrics: () => metrics,
      scrollTo: (top, smooth) => {
        scrolls.push([top, smooth]);
        metrics = { ...metrics, scrollTop: top };
      },
    },
    requestFrame: (callback) => frames.push(callback),
    cancelFrame: (handle) => {
      frames[handle - 1] = () => {};
    },
    reducedMotion: () => reducedMotion,
    onChange,
    keepPosition,
  });
  return {
    follow,
    scrolls,
    onChange,
    set: (next: ScrollMetrics) => (metrics = next),
    runFrames: () => frames.splice(0).forEach((frame) => frame()),
  };
}

describe('createFollowScroll', () => {
  it('coalesces many content changes into one scroll in the next frame', () => {
    const h = harness();
    h.set(at(1500, 2400));
    h.follow.contentChanged();
    h.follow.contentChanged();
    h.follow.contentChanged();
    expect(h.scrolls).toEqual([]);
    h.runFrames();
    expect(h.scrolls).toEqual([[1900, false]]);
  });

  it('a resize just laid out scrolls at once, and the scroll queued for the next frame is dropped', () => {
    const h = harness();
    h.set(at(1500, 2400));
    h.follow.contentChanged();
    h.follow.contentResized();
    expect(h.scrolls).toEqual([[1900, false]]);
    h.runFrames();
    expect(h.scrolls).toEqual([[1900, false]]);
    // Not following: a resize scrolls nothing.
    h.set(at(300, 2400));
    h.follow.handleScroll();
    h.set(at(300, 2800));
    h.follow.contentResized();
    h.runFrames();
    expect(h.scrolls).toEqual([[1900, false]]);
  });

  it('after the reader scrolls up, changes scroll nothing until jumpToLatest', () => {
    const h = harness();
    h.set(at(600));
    h.follow.handleScroll();
    expect(h.follow.following).toBe(false);
    expect(h.onChange).toHaveBeenLastCalledWith(false);
    h.set(at(600, 2600));
    h.follow.contentChanged();
    h.runFrames();
    expect(h.scrolls).toEqual([]);
    h.follow.jumpToLatest();
    expect(h.follow.following).toBe(true);
    expect(h.onChange).toHaveBeenLastCalledWith(true);
    expect(h.scrolls).toEqual([[2100, true]]);
  });

  it('a scroll that was queued before the reader scrolled up is dropped', () => {
    const h = harness();
    h.set(at(1500, 2400));
    h.follow.contentChanged();
    h.set(at(300, 2400));
    h.follow.handleScroll();
    h.runFrames();
    expect(h.scrolls).toEqual([]);
  });

  it('jumps instantly under reduced motion; follow() always scrolls instantly', () => {
    const h = harness(true);
    h.set(at(100));
    h.follow.handleScroll();
    h.follow.jumpToLatest();
    expect(h.scrolls).toEqual([[1500, false]]);
    h.set(at(100));
    h.follow.handleScroll();
    h.follow.follow();
    expect(h.scrolls.at(-1)).toEqual([1500, false]);
    expect(h.follow.following).toBe(true);
  });
});

describe('createFollowScroll with a restored position', () => {
  it.each([
    ['mid-thread: the place is kept', at(400), false],
    ['at the end: it follows as usual', at(1490), true],
  ])('%s', (_case, start, following) => {
    const h = harness(false, start, true);
    expect(h.follow.following).toBe(following);
    h.follow.contentChanged();
    h.runFrames();
    expect(h.scrolls).toEqual(following ? [[1500, false]] : []);
  });

  it('without keepPosition it follows from the start wherever the page is', () => {
    const h = harness(false, at(0));
    expect(h.follow.following).toBe(true);
    h.follow.contentChanged();
    h.runFrames();
    expect(h.scrolls).toEqual([[1500, false]]);
  });
});
