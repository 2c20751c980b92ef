import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Tooltip, TooltipProvider } from '../../../src/ui/tooltip';
import { resetInputModality } from '../../../src/ui/tooltip/input-modality';
import { preloadTooltipContent, resetTooltipContent } from '../../../src/ui/tooltip/lazy-tooltip-content';
import { resetDefaultTooltipStore } from '../../../src/ui/tooltip/tooltip-store';

const mouse = { pointerType: 'mouse' };

function renderTwo() {
  render(
    <TooltipProvider>
      <Tooltip content="Copy message">
        <button type="button">Copy</button>
      </Tooltip>
      <Tooltip content="Delete message">
        <button type="button">Delete</button>
      </Tooltip>
    </TooltipProvider>,
  );
  return {
    copy: screen.getByRole('button', { name: 'Copy' }),
    remove: screen.getByRole('button', { name: 'Delete' }),
  };
}

const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

/** Hovers with a mouse for the full delay, so the tooltip is open (delayed-open). */
function hoverOpen(trigger: HTMLElement) {
  fireEvent.pointerEnter(trigger, mouse);
  wait(700);
}

function expectClosed(trigger: HTMLElement) {
  expect(screen.queryByRole('tooltip')).toBeNull();
  expect(trigger.hasAttribute('aria-describedby')).toBe(false);
  expect(trigger.getAttribute('data-state')).toBe('closed');
}

function expectOpen(trigger: HTMLElement, text: string, state: 'delayed-open' | 'instant-open') {
  const tooltip = screen.getByRole('tooltip');
  expect(tooltip.textContent).toBe(text);
  expect(trigger.getAttribute('aria-describedby')).toBe(tooltip.id);
  expect(trigger.getAttribute('data-state')).toBe(state);
  expect(tooltip.getAttribute('data-state')).toBe(state);
}

// The app fetches the bubble's code right after the first paint; most tests start from there.
beforeAll(async () => {
  await preloadTooltipContent();
});

beforeEach(() => {
  vi.useFakeTimers();
  resetInputModality();
  resetDefaultTooltipStore();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Tooltip opening', () => {
  it('opens after hovering for 700 ms, not at 699 ms', () => {
    const { copy } = renderTwo();
    fireEvent.pointerEnter(copy, mouse);
    wait(699);
    expectClosed(copy);
    wait(1);
    expectOpen(copy, 'Copy message', 'delayed-open');
    expect(screen.getByRole('button', { name: 'Copy', description: 'Copy message' })).toBe(copy);
  });

  it('renders the bubble in a portal on the body, outside the trigger', () => {
    const { copy } = renderTwo();
    hoverOpen(copy);
    const tooltip = screen.getByRole('tooltip');
    expect(tooltip.parentElement).toBe(document.body);
    expect(copy.contains(tooltip)).toBe(false);
  });

  it('closes on pointer leave and removes aria-describedby', () => {
    const { copy } = renderTwo();
    hoverOpen(copy);
    fireEvent.pointerLeave(copy, mouse);
    expectClosed(copy);
  });

  it('does not open when the pointer leaves before the delay', () => {
    const { copy } = renderTwo();
    fireEvent.pointerEnter(copy, mouse);
    wait(500);
    fireEvent.pointerLeave(copy, mouse);
    wait(1000);
    expectClosed(copy);
  });

  it('opens another trigger at once within 300 ms after a close', () => {
    const { copy, remove } = renderTwo();
    hoverOpen(copy);
    fireEvent.pointerLeave(copy, mouse);
    wait(299);
    fireEvent.pointerEnter(remove, mouse);
    expectOpen(remove, 'Delete message', 'instant-open');
  });

  it('needs the full 700 ms again once 300 ms have passed since the close', () => {
    const { copy, remove } = renderTwo();
    hoverOpen(copy);
    fireEvent.pointerLeave(copy, mouse);
    wait(300);
    fireEvent.pointerEnter(remove, mouse);
    wait(699);
    expectClosed(remove);
    wait(1);
    expectOpen(remove, 'Delete message', 'delayed-open');
  });

  it('switches at once while one is open, showing one tooltip at a time', () => {
    const { copy, remove } = renderTwo();
    hoverOpen(copy);
    fireEvent.pointerEnter(remove, mouse);
    expect(screen.getAllByRole('tooltip')).toHaveLength(1);
    expectOpen(remove, 'Delete message', 'instant-open');
    expect(copy.hasAttribute('aria-describedby')).toBe(false);
    expect(copy.getAttribute('data-state')).toBe('closed');
  });

  it('opens at once on keyboard focus', () => {
    const { copy } = renderTwo();
    fireEvent.keyDown(document.body, { key: 'Tab' });
    act(() => copy.focus());
    expectOpen(copy, 'Copy message', 'instant-open');
  });

  it('does not open on focus caused by a pointer press', () => {
    const { copy } = renderTwo();
    fireEvent.pointerDown(copy, mouse);
    act(() => copy.focus());
    wait(1000);
    expectClosed(copy);
  });

  it('never opens on touch hover', () => {
    const { copy } = renderTwo();
    fireEvent.pointerEnter(copy, { pointerType: 'touch' });
    wait(2000);
    expectClosed(copy);
  });

  it('works without a provider, one tooltip at a time', () => {
    render(
      <>
        <Tooltip content="First tip">
          <button type="button">First</button>
        </Tooltip>
        <Tooltip content="Second tip">
          <button type="button">Second</button>
        </Tooltip>
      </>,
    );
    const first = screen.getByRole('button', { name: 'First' });
    const second = screen.getByRole('button', { name: 'Second' });
    hoverOpen(first);
    expectOpen(first, 'First tip', 'delayed-open');
    fireEvent.pointerEnter(second, mouse);
    expect(screen.getAllByRole('tooltip')).toHaveLength(1);
    expectOpen(second, 'Second tip', 'instant-open');
  });

  it('follows the provider durations', () => {
    render(
      <TooltipProvider delayDuration={200}>
        <Tooltip content="Quick">
          <button type="button">Go</button>
        </Tooltip>
      </TooltipProvider>,
    );
    const go = screen.getByRole('button', { name: 'Go' });
    fireEvent.pointerEnter(go, mouse);
    wait(200);
    expectOpen(go, 'Quick', 'delayed-open');
  });

  it('never opens when disabled, and leaves the trigger untouched', () => {
    render(
      <Tooltip content="Hidden" disabled>
        <button type="button">Off</button>
      </Tooltip>,
    );
    const off = screen.getByRole('button', { name: 'Off' });
    fireEvent.pointerEnter(off, mouse);
    wait(1000);
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(off.hasAttribute('data-state')).toBe(false);
  });
});

describe('Tooltip closing', () => {
  it.each([
    ['pointer-down', (el: HTMLElement) => fireEvent.pointerDown(el, mouse)],
    ['click', (el: HTMLElement) => fireEvent.click(el)],
    ['blur', (el: HTMLElement) => fireEvent.blur(el)],
    ['Escape', (el: HTMLElement) => fireEvent.keyDown(el, { key: 'Escape' })],
  ])('closes on %s', (_name, dismiss) => {
    const { copy } = renderTwo();
    hoverOpen(copy);
    dismiss(copy);
    expectClosed(copy);
  });

  it('closes on scrolling the page, from the next frame after opening', () => {
    const { copy } = renderTwo();
    hoverOpen(copy);
    wait(16);
    fireEvent.scroll(document);
    expectClosed(copy);
  });

  it('ignores the scroll that keyboard focus causes in the frame it opens', () => {
    const { copy } = renderTwo();
    act(() => copy.focus());
    fireEvent.scroll(document);
    expectOpen(copy, 'Copy message', 'instant-open');
  });

  it('stays open when an unrelated element scrolls', () => {
    const { copy } = renderTwo();
    const log = document.body.appendChild(document.createElement('div'));
    hoverOpen(copy);
    wait(16);
    fireEvent.scroll(log);
    expectOpen(copy, 'Copy message', 'delayed-open');
    log.remove();
  });

  it('spends the Escape that closed it, so a dialog underneath stays open', () => {
    const { copy } = renderTwo();
    const dialogListener = vi.fn();
    document.addEventListener('keydown', dialogListener);
    hoverOpen(copy);
    const notCancelled = fireEvent.keyDown(copy, { key: 'Escape' });
    expect(notCancelled).toBe(false);
    expect(dialogListener).not.toHaveBeenCalled();
    document.removeEventListener('keydown', dialogListener);
  });

  it('lets Escape through untouched when no tooltip is open', () => {
    const { copy } = renderTwo();
    const dialogListener = vi.fn();
    document.addEventListener('keydown', dialogListener);
    hoverOpen(copy);
    fireEvent.pointerLeave(copy, mouse);
    const notCancelled = fireEvent.keyDown(copy, { key: 'Escape' });
    expect(notCancelled).toBe(true);
    expect(dialogListener).toHaveBeenCalledTimes(1);
    document.removeEventListener('keydown', dialogListener);
  });

  it('closes when its trigger unmounts, so later hovers wait for the delay again', () => {
    const tree = (label: string) => (
      <TooltipProvider>
        <Tooltip key={label} content={`${label} tip`}>
          <button type="button">{label}</button>
        </Tooltip>
      </TooltipProvider>
    );
    const { rerender } = render(tree('Old'));
    hoverOpen(screen.getByRole('button', { name: 'Old' }));
    rerender(tree('New'));
    expect(screen.queryByRole('tooltip')).toBeNull();
    wait(300);
    const fresh = screen.getByRole('button', { name: 'New' });
    fireEvent.pointerEnter(fresh, mouse);
    wait(699);
    expectClosed(fresh);
    wait(1);
    expectOpen(fresh, 'New tip', 'delayed-open');
  });
});

describe('Tooltip trigger props', () => {
  it('runs the caller handlers first and lets them prevent the tooltip', () => {
    const calls: string[] = [];
    render(
      <Tooltip content="Never">
        <button
          type="button"
          onPointerEnter={(event) => {
            calls.push('caller');
            event.preventDefault();
          }}
        >
          Custom
        </button>
      </Tooltip>,
    );
    hoverOpen(screen.getByRole('button', { name: 'Custom' }));
    expect(calls).toEqual(['caller']);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('keeps the caller aria-describedby and ref', () => {
    const ref = { current: null as HTMLButtonElement | null };
    render(
      <Tooltip content="Extra">
        <button type="button" ref={ref} aria-describedby="hint">
          Described
        </button>
      </Tooltip>,
    );
    const button = screen.getByRole('button', { name: 'Described' });
    expect(ref.current).toBe(button);
    expect(button.getAttribute('aria-describedby')).toBe('hint');
    hoverOpen(button);
    expect(button.getAttribute('aria-describedby')).toBe(`hint ${screen.getByRole('tooltip').id}`);
    fireEvent.pointerLeave(button, mouse);
    expect(button.getAttribute('aria-describedby')).toBe('hint');
  });
});

describe('Tooltip placement', () => {
  it('writes the computed position as CSS variables and flips above when there is no room below', () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 500, y: 740, width: 40, height: 20 }),
    );
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(100);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(30);
    vi.spyOn(document.documentElement, 'clientWidth', 'get').mockReturnValue(1024);
    vi.spyOn(document.documentElement, 'clientHeight', 'get').mockReturnValue(768);
    const { copy } = renderTwo();
    hoverOpen(copy);
    const tooltip = screen.getByRole('tooltip');
    expect(tooltip.getAttribute('data-side')).toBe('top');
    expect(tooltip.style.getPropertyValue('--tooltip-x')).toBe('470px');
    expect(tooltip.style.getPropertyValue('--tooltip-y')).toBe('702px');
    expect(tooltip.style.getPropertyValue('--tooltip-arrow-x')).toBe('50px');
  });

  it('sits below by default', () => {
    const { copy } = renderTwo();
    hoverOpen(copy);
    expect(screen.getByRole('tooltip').getAttribute('data-side')).toBe('bottom');
  });
});

describe('Tooltip bubble code fetched lazily', () => {
  afterEach(async () => {
    await preloadTooltipContent();
  });

  it('opens after the delay even when the code arrives only then, and describes the trigger once shown', async () => {
    resetTooltipContent();
    const { copy } = renderTwo();
    fireEvent.pointerEnter(copy, mouse);
    wait(700);
    // Open for the store; the bubble waits for its code (in the app the idle fetch is long done).
    expect(copy.getAttribute('data-state')).toBe('delayed-open');
    expect(screen.queryByRole('tooltip')).toBeNull();
    // Never a description pointing at nothing.
    expect(copy.hasAttribute('aria-describedby')).toBe(false);
    await act(async () => {
      await preloadTooltipContent();
    });
    expectOpen(copy, 'Copy message', 'delayed-open');
  });
});
