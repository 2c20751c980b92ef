import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPart } from '../../../src/ui/lazy-part';

function Greeting({ name }: { name: string }) {
  return <p>Hello, {name}</p>;
}

function Offline() {
  return <p role="status">Needs a connection</p>;
}

/** A chunk's import: fails while `online` is false, as a dynamic import does offline; navigator.onLine says the same unless `reachable` is set apart. */
function chunk() {
  const state = { online: false, calls: 0, browserOnline: undefined as boolean | undefined };
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => state.browserOnline ?? state.online });
  const load = () => {
    state.calls += 1;
    return state.online ? Promise.resolve({ default: Greeting }) : Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
  };
  return { state, load };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'onLine');
  vi.useRealTimers();
});

describe('lazyPart', () => {
  it('renders its fallback where a failed load would have crashed the screen, and the part once back online, in every place it is shown', async () => {
    const { state, load } = chunk();
    const Part = lazyPart(load, Offline);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Part name="Ann" />
        <Part name="Bo" />
      </Suspense>,
    );
    expect(await screen.findAllByText('Needs a connection')).toHaveLength(2);
    expect(state.calls).toBe(1);

    state.online = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('Hello, Ann')).toBeTruthy();
    expect(screen.getByText('Hello, Bo')).toBeTruthy();
    expect(screen.queryByText('Needs a connection')).toBeNull();
    expect(state.calls).toBe(2);
  });

  it('renders nothing by default, and a part mounted after the retry gets the loaded code', async () => {
    const { state, load } = chunk();
    const Part = lazyPart(load);
    const { container, rerender } = render(
      <Suspense fallback={<p>Loading</p>}>
        <Part name="Ann" />
      </Suspense>,
    );
    await act(async () => {});
    expect(container.textContent).toBe('');
    state.online = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    rerender(
      <Suspense fallback={<p>Loading</p>}>
        <Part name="Ann" />
        <Part name="Cy" />
      </Suspense>,
    );
    expect(await screen.findByText('Hello, Cy')).toBeTruthy();
    expect(state.calls).toBe(2);
  });

  it('does not fetch again while offline: a retry waits for the online event', async () => {
    const { state, load } = chunk();
    const Part = lazyPart(load, Offline);
    const { rerender } = render(
      <Suspense fallback={null}>
        <Part name="Ann" />
      </Suspense>,
    );
    await screen.findByText('Needs a connection');
    rerender(
      <Suspense fallback={null}>
        <Part name="Bo" />
      </Suspense>,
    );
    await screen.findByText('Needs a connection');
    expect(state.calls).toBe(1);
  });

  it('tries again shortly when the fetch failed while the browser says it is online (the network just came back), a few times only', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { state, load } = chunk();
    state.browserOnline = true;
    const Part = lazyPart(load, Offline);
    render(
      <Suspense fallback={null}>
        <Part name="Ann" />
      </Suspense>,
    );
    await screen.findByText('Needs a connection');
    for (let tries = 2; tries <= 4; tries += 1) {
      await act(async () => void (await vi.advanceTimersByTimeAsync(2000)));
      expect(state.calls).toBe(tries);
    }
    // Then it waits for the network to come back rather than asking for ever.
    await act(async () => void (await vi.advanceTimersByTimeAsync(10_000)));
    expect(state.calls).toBe(4);
    state.online = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('Hello, Ann')).toBeTruthy();
  });
});
