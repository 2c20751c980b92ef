import { act, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Icon, addIconSet, resetIcons, setIconFetch, setIconHosts, type IconFetch } from '../../../src/ui/icon';
import { fakeIconFetch } from './fake-icon-server';

afterEach(() => resetIcons());

/** A local set standing in for the bundled icons: stored before the first render. */
function addLocalIcons() {
  addIconSet({
    prefix: 'local',
    width: 24,
    height: 24,
    icons: {
      check: { body: '<path d="M20 6L9 17l-5-5"/>' },
      tall: { body: '<rect width="16" height="24"/>', width: 16 },
    },
    aliases: { 'check-turned': { parent: 'check', rotate: 1 } },
  });
}

/** Fails the test if anything is fetched. */
function forbidFetch() {
  const fetch = vi.fn<IconFetch>(() => Promise.reject(new Error('unexpected request')));
  setIconFetch(fetch);
  return fetch;
}

describe('Icon', () => {
  it('is decorative by default: hidden from assistive technology', () => {
    addLocalIcons();
    const { container } = render(<Icon name="local:check" />);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.hasAttribute('role')).toBe(false);
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('is an image named by its label when labelled', () => {
    addLocalIcons();
    render(<Icon name="local:check" label="Done" />);
    const img = screen.getByRole('img', { name: 'Done' });
    expect(img.hasAttribute('aria-hidden')).toBe(false);
  });

  it('renders a stored (bundled) icon on the first render, without a request', () => {
    const fetch = forbidFetch();
    addLocalIcons();
    const { container } = render(<Icon name="local-check" className="extra" />);
    const svg = container.querySelector('svg')!;
    expect(svg.dataset.state).toBe('loaded');
    expect(svg.getAttribute('class')).toBe('icon extra');
    expect(svg.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(svg.getAttribute('width')).toBe('1em');
    expect(svg.getAttribute('height')).toBe('1em');
    expect(svg.querySelector('path')?.getAttribute('d')).toBe('M20 6L9 17l-5-5');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('keeps the aspect ratio and applies the size to the height', () => {
    addLocalIcons();
    const { container } = render(<Icon name="local:tall" size={48} />);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('width')).toBe('32');
    expect(svg.getAttribute('height')).toBe('48');
  });

  it('rotates and flips, swapping the view box on odd quarter turns', () => {
    addLocalIcons();
    const { container } = render(<Icon name="local:tall" rotate="90deg" hFlip />);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('viewBox')).toBe('-4 4 24 16');
    expect(svg.getAttribute('width')).toBe('1.5em');
    expect(svg.querySelector('g')?.getAttribute('transform')).toBe('rotate(90 8 12) translate(16 0) scale(-1 1)');
  });

  it("adds the caller's rotation to an alias's", () => {
    addLocalIcons();
    const { container } = render(<Icon name="local:check-turned" rotate={-1} />);
    expect(container.querySelector('svg')!.querySelector('g')).toBeNull();
  });

  it('passes other SVG props and the ref through', () => {
    addLocalIcons();
    const ref = createRef<SVGSVGElement>();
    const { container } = render(<Icon name="local:check" ref={ref} data-testid="i" style={{ color: 'red' }} />);
    expect(ref.current).toBe(container.querySelector('svg'));
    expect(ref.current?.getAttribute('data-testid')).toBe('i');
    expect(ref.current?.style.color).toBe('red');
  });

  it('shows an empty 1em box while loading, then the icon once the service answers', async () => {
    const fetch = fakeIconFetch();
    setIconFetch(fetch);
    const { container } = render(<Icon name="demo:check" label="Done" />);
    const svg = () => container.querySelector('svg')!;
    expect(svg().dataset.state).toBe('loading');
    expect(svg().getAttribute('width')).toBe('1em');
    expect(svg().getAttribute('height')).toBe('1em');
    expect(svg().childNodes).toHaveLength(0);
    expect(screen.getByRole('img', { name: 'Done' })).toBe(svg());

    await vi.waitFor(() => expect(svg().dataset.state).toBe('loaded'));
    expect(svg().querySelector('path')?.getAttribute('d')).toBe('M20 6L9 17l-5-5');
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['https://api.iconify.design/demo.json?icons=check']);
  });

  it('asks once for an icon shown many times in the same tick', async () => {
    const fetch = fakeIconFetch();
    setIconFetch(fetch);
    const { container } = render(
      <>
        <Icon name="demo:check" />
        <Icon name="demo-check" />
        <Icon name="demo:bell" />
      </>,
    );
    await vi.waitFor(() =>
      expect([...container.querySelectorAll('svg')].map((s) => s.dataset.state)).toEqual(['loaded', 'loaded', 'loaded']),
    );
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['https://api.iconify.design/demo.json?icons=bell,check']);
  });

  it('stays an empty box when the icon is missing, and does not ask again', async () => {
    const fetch = fakeIconFetch();
    setIconFetch(fetch);
    const first = render(<Icon name="demo:nope" />);
    await vi.waitFor(() => expect(first.container.querySelector('svg')!.dataset.state).toBe('missing'));
    first.unmount();
    const { container } = render(<Icon name="demo:nope" />);
    expect(container.querySelector('svg')!.dataset.state).toBe('missing');
    expect(container.querySelector('svg')!.childNodes).toHaveLength(0);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('stays an empty 1em box with no message when there is no icon source (424)', async () => {
    setIconHosts([]);
    const { container } = render(<Icon name="demo:check" />);
    const svg = container.querySelector('svg')!;
    await vi.waitFor(() => expect(svg.dataset.state).toBe('unavailable'));
    expect(svg.getAttribute('width')).toBe('1em');
    expect(svg.getAttribute('height')).toBe('1em');
    expect(svg.textContent).toBe('');
  });

  it('treats an invalid name as missing without a request', async () => {
    const fetch = forbidFetch();
    const { container } = render(<Icon name="Not An Icon" />);
    expect(container.querySelector('svg')!.dataset.state).toBe('missing');
    await act(() => Promise.resolve());
    expect(fetch).not.toHaveBeenCalled();
  });

  it('follows a change of name', async () => {
    addLocalIcons();
    setIconFetch(fakeIconFetch());
    const { container, rerender } = render(<Icon name="local:check" />);
    rerender(<Icon name="demo:bell" />);
    const svg = container.querySelector('svg')!;
    expect(svg.dataset.state).toBe('loading');
    await vi.waitFor(() => expect(svg.dataset.state).toBe('loaded'));
    expect(svg.querySelector('path')?.getAttribute('d')).toBe('M6 8a6 6 0 0 1 12 0');
  });
});
