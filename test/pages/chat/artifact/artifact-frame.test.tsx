import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ArtifactFrame, { FRAME_START_DELAY_MS, frameHeight, MAX_FRAME_HEIGHT, MIN_FRAME_HEIGHT } from '../../../../src/pages/chat/artifact/artifact-frame';

// Issue 36: only previews on screen hold a live frame. The frame is torn down when its block leaves
// the screen (an IntersectionObserver says so) or unmounts, and comes back when it returns.

/** The observers the component made, driven by the test as the browser would. */
const observers: FakeObserver[] = [];
class FakeObserver {
  observed: Element[] = [];
  disconnected = false;
  constructor(private readonly callback: IntersectionObserverCallback) {
    observers.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  unobserve() {}
  disconnect() {
    this.disconnected = true;
  }
  takeRecords() {
    return [];
  }
  /** The browser's report that the observed element entered or left the screen. */
  report(isIntersecting: boolean) {
    act(() => this.callback([{ isIntersecting, target: this.observed[0]! } as IntersectionObserverEntry], this as unknown as IntersectionObserver));
  }
}

beforeEach(() => {
  observers.length = 0;
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  // A frame's document is never fetched in a unit test.
  (window as unknown as { happyDOM: { settings: { disableIframePageLoading: boolean } } }).happyDOM.settings.disableIframePageLoading = true;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** The block stays on screen long enough for its frame to start. */
const stay = () => act(() => vi.advanceTimersByTime(FRAME_START_DELAY_MS));

const frames = (container: HTMLElement) => container.querySelectorAll('iframe');

describe('a preview’s frame', () => {
  it('exists only while its block is on screen, and goes when the block unmounts', () => {
    vi.useFakeTimers();
    const { container, unmount } = render(<ArtifactFrame kind="html" source="<p>x</p>" />);
    const box = container.querySelector('.artifact')!;
    expect(observers).toHaveLength(1);
    expect(observers[0]!.observed).toEqual([box]);
    // Not reported on screen yet: no frame.
    expect(frames(container)).toHaveLength(0);
    expect(box.getAttribute('data-state')).toBe('away');

    observers[0]!.report(true);
    stay();
    expect(frames(container)).toHaveLength(1);
    const frame = frames(container)[0]!;
    expect(frame.getAttribute('title')).toBe('Preview of the HTML block');
    expect(frame.src).toBe(new URL('sandbox.html', document.baseURI).href);
    // Sandboxed by its document's own CSP header, not by the attribute (docs/sandbox.md, offline).
    expect(frame.hasAttribute('sandbox')).toBe(false);
    expect(box.getAttribute('data-state')).toBe('loading');

    observers[0]!.report(false);
    expect(frames(container)).toHaveLength(0);
    expect(frame.isConnected).toBe(false);
    expect(box.getAttribute('data-state')).toBe('away');

    // Back on screen: a new frame (a new sandbox document, a new session).
    observers[0]!.report(true);
    stay();
    expect(frames(container)).toHaveLength(1);
    expect(frames(container)[0]).not.toBe(frame);

    const live = frames(container)[0]!;
    unmount();
    expect(live.isConnected).toBe(false);
    expect(observers[0]!.disconnected).toBe(true);
  });

  it('starts no frame for a block a flick only passes (on screen for less than the delay)', () => {
    vi.useFakeTimers();
    const { container } = render(<ArtifactFrame kind="html" source="<p>x</p>" />);
    observers[0]!.report(true);
    act(() => vi.advanceTimersByTime(FRAME_START_DELAY_MS - 1));
    observers[0]!.report(false);
    act(() => vi.advanceTimersByTime(FRAME_START_DELAY_MS * 10));
    expect(frames(container)).toHaveLength(0);
  });

  it('keeps its height within bounds whatever the artifact reports', () => {
    expect(frameHeight(0)).toBe(MIN_FRAME_HEIGHT);
    expect(frameHeight(300.2)).toBe(301);
    expect(frameHeight(1e9)).toBe(MAX_FRAME_HEIGHT);
  });
});
