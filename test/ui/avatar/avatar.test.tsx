import { act, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCatalogue } from '../../../src/i18n';
import { en } from '../../../src/i18n/en';
import { Avatar, resetImageLoader, setImageLoader, type ImageLoader } from '../../../src/ui/avatar';

// The icon component has its own tests; here we only need to see which icon the avatar asked for.
vi.mock('../../../src/ui/icon', () => ({
  Icon: ({ name, size }: { name: string; size?: string }) => <svg data-testid="icon" data-name={name} data-size={size} aria-hidden="true" />,
}));

interface Request {
  src: string;
  signal: AbortSignal;
  resolve: () => void;
  reject: (error: Error) => void;
}

/** An image loader the test settles by hand: happy-dom never loads images itself. */
function manualLoader() {
  const requests: Request[] = [];
  const load = vi.fn<ImageLoader>(
    (src, signal) => new Promise<void>((resolve, reject) => requests.push({ src, signal, resolve, reject })),
  );
  const latest = (src: string) => {
    const request = requests.findLast((r) => r.src === src);
    if (!request) throw new Error(`no request for ${src}`);
    return request;
  };
  return {
    load,
    requests,
    loaded: (src: string) => act(async () => latest(src).resolve()),
    failed: (src: string) => act(async () => latest(src).reject(new Error('404'))),
  };
}

const root = (container: HTMLElement) => container.firstElementChild as HTMLElement;

afterEach(() => {
  resetImageLoader();
});

describe('Avatar sizes (SPEC A5)', () => {
  it.each([
    ['3xs', '16px', '8px'],
    ['2xs', '20px', '10px'],
    ['xs', '24px', '12px'],
    ['sm', '28px', '14px'],
    ['md', '32px', '16px'],
    ['lg', '36px', '18px'],
    ['xl', '40px', '20px'],
    ['2xl', '44px', '22px'],
    ['3xl', '48px', '24px'],
  ] as const)('%s sets --avatar-size %s and --avatar-font-size %s', (size, px, fontPx) => {
    render(<Avatar size={size} alt="Ann" />);
    const avatar = screen.getByRole('img', { name: 'Ann' });
    expect(avatar.style.getPropertyValue('--avatar-size')).toBe(px);
    expect(avatar.style.getPropertyValue('--avatar-font-size')).toBe(fontPx);
    expect(avatar.dataset.size).toBe(size);
  });

  it('defaults to md: 32px with a 16px font', () => {
    render(<Avatar alt="Ann" />);
    const avatar = screen.getByRole('img', { name: 'Ann' });
    expect(avatar.style.getPropertyValue('--avatar-size')).toBe('32px');
    expect(avatar.style.getPropertyValue('--avatar-font-size')).toBe('16px');
    expect(avatar.dataset.size).toBe('md');
  });

  it('keeps its size with nothing to show, and stays silent to assistive technology', () => {
    const { container } = render(<Avatar size="lg" />);
    const avatar = root(container);
    expect(avatar.style.getPropertyValue('--avatar-size')).toBe('36px');
    expect(avatar.textContent).toBe('');
    expect(avatar.getAttribute('role')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });
});

describe('Avatar image loading (SPEC A5)', () => {
  it('shows the image only after it has loaded', async () => {
    const loader = manualLoader();
    const { container } = render(<Avatar src="/a.png" alt="Benjamin Canac" loadImage={loader.load} />);

    expect(loader.load).toHaveBeenCalledWith('/a.png', expect.any(AbortSignal));
    expect(container.querySelector('img')).toBeNull();
    expect(root(container).dataset.state).toBe('loading');
    // While loading the root carries the name; the initials are decoration.
    expect(screen.getByRole('img', { name: 'Benjamin Canac' })).toBe(root(container));
    expect(root(container).textContent).toBe('BC');

    await loader.loaded('/a.png');

    const image = screen.getByRole('img', { name: 'Benjamin Canac' });
    expect(image.tagName).toBe('IMG');
    expect(image.getAttribute('src')).toBe('/a.png');
    expect(root(container).dataset.state).toBe('loaded');
    expect(root(container).getAttribute('role')).toBeNull();
    expect(root(container).textContent).toBe('');
  });

  it('shows the fallback when the image fails', async () => {
    const loader = manualLoader();
    const { container } = render(<Avatar src="/missing.png" alt="john doe" loadImage={loader.load} />);
    await loader.failed('/missing.png');

    expect(root(container).dataset.state).toBe('error');
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('img', { name: 'john doe' }).textContent).toBe('jd');
  });

  it('shows the fallback without a src and loads nothing', () => {
    const loader = manualLoader();
    const { container } = render(<Avatar alt="Ann" loadImage={loader.load} />);
    expect(loader.load).not.toHaveBeenCalled();
    expect(root(container).dataset.state).toBe('idle');
    expect(screen.getByRole('img', { name: 'Ann' }).textContent).toBe('A');
  });

  it('tries a new src again: back to loading, then the new image', async () => {
    const loader = manualLoader();
    const { container, rerender } = render(<Avatar src="/a.png" alt="Ann" loadImage={loader.load} />);
    await loader.loaded('/a.png');
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/a.png');

    rerender(<Avatar src="/b.png" alt="Ann" loadImage={loader.load} />);
    expect(root(container).dataset.state).toBe('loading');
    expect(container.querySelector('img')).toBeNull();
    expect(loader.load).toHaveBeenLastCalledWith('/b.png', expect.any(AbortSignal));

    await loader.loaded('/b.png');
    expect(root(container).dataset.state).toBe('loaded');
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/b.png');
  });

  it('tries again after an error when the src changes', async () => {
    const loader = manualLoader();
    const { container, rerender } = render(<Avatar src="/broken.png" alt="Ann" loadImage={loader.load} />);
    await loader.failed('/broken.png');
    expect(root(container).dataset.state).toBe('error');

    rerender(<Avatar src="/fixed.png" alt="Ann" loadImage={loader.load} />);
    expect(root(container).dataset.state).toBe('loading');
    await loader.loaded('/fixed.png');
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/fixed.png');
  });

  it('ignores, and aborts, the load of a src that was replaced', async () => {
    const loader = manualLoader();
    const { container, rerender } = render(<Avatar src="/old.png" alt="Ann" loadImage={loader.load} />);
    rerender(<Avatar src="/new.png" alt="Ann" loadImage={loader.load} />);

    expect(loader.requests[0]?.signal.aborted).toBe(true);
    await loader.loaded('/old.png');
    expect(root(container).dataset.state).toBe('loading');
    expect(container.querySelector('img')).toBeNull();
  });

  it('does not reload when only the loader function changes identity', () => {
    const loader = manualLoader();
    const { rerender } = render(<Avatar src="/a.png" alt="Ann" loadImage={(src, signal) => loader.load(src, signal)} />);
    rerender(<Avatar src="/a.png" alt="Ann" loadImage={(src, signal) => loader.load(src, signal)} />);
    expect(loader.load).toHaveBeenCalledTimes(1);
  });

  it('aborts the load on unmount', () => {
    const loader = manualLoader();
    const { unmount } = render(<Avatar src="/a.png" alt="Ann" loadImage={loader.load} />);
    unmount();
    expect(loader.requests[0]?.signal.aborted).toBe(true);
  });

  it('uses the module loader when none is passed', async () => {
    const loader = manualLoader();
    setImageLoader(loader.load);
    const { container } = render(<Avatar src="/a.png" alt="Ann" />);
    await loader.loaded('/a.png');
    expect(container.querySelector('img')?.getAttribute('alt')).toBe('Ann');
  });

  it('treats a loader that throws as a failed image', async () => {
    const { container } = render(
      <Avatar
        src="/a.png"
        alt="Ann"
        loadImage={() => {
          throw new Error('no Image here');
        }}
      />,
    );
    await act(async () => {});
    expect(root(container).dataset.state).toBe('error');
    expect(root(container).textContent).toBe('A');
  });
});

describe('Avatar fallback content (SPEC A5)', () => {
  it('shows initials from the alt text, hidden from assistive technology', () => {
    const { container } = render(<Avatar alt="Benjamin Canac" />);
    const fallback = root(container).firstElementChild as HTMLElement;
    expect(fallback.textContent).toBe('BC');
    expect(fallback.getAttribute('aria-hidden')).toBe('true');
  });

  it('prefers explicit text over the initials, keeping the alt text as the name', () => {
    render(<Avatar alt="Benjamin Canac" text="AI" />);
    expect(screen.getByRole('img', { name: 'Benjamin Canac' }).textContent).toBe('AI');
  });

  it('shows the icon instead of the initials when given one', () => {
    render(<Avatar alt="Benjamin Canac" icon="lucide:user" />);
    const avatar = screen.getByRole('img', { name: 'Benjamin Canac' });
    expect(screen.getByTestId('icon').dataset.name).toBe('lucide:user');
    expect(avatar.textContent).toBe('');
  });

  it('prefers explicit text over the icon', () => {
    render(<Avatar alt="Benjamin Canac" icon="lucide:user" text="BC" />);
    expect(screen.queryByTestId('icon')).toBeNull();
    expect(screen.getByRole('img', { name: 'Benjamin Canac' }).textContent).toBe('BC');
  });

  it('keeps an emoji whole', () => {
    render(<Avatar alt="🎉 party" />);
    expect(screen.getByRole('img', { name: '🎉 party' }).textContent).toBe('🎉p');
  });
});

describe('Avatar status chip', () => {
  beforeEach(() => {
    // Pins the wording this test checks, whatever the catalogue says today.
    setCatalogue({ ...en, 'avatar.nameWithStatus': '{name}, {status}' } as typeof en);
  });
  afterEach(() => {
    setCatalogue(en);
  });

  it('draws a decorative dot, bottom-right by default, and adds its label to the name', () => {
    const { container } = render(<Avatar alt="Benjamin Canac" chip={{ color: 'success', label: 'Online' }} />);
    const avatar = screen.getByRole('img', { name: 'Benjamin Canac, Online' });
    const chip = container.querySelector('.avatar-chip') as HTMLElement;
    expect(avatar.contains(chip)).toBe(true);
    expect(chip.dataset.color).toBe('success');
    expect(chip.dataset.position).toBe('bottom-right');
    expect(chip.getAttribute('aria-hidden')).toBe('true');
  });

  it('names the loaded image with the status too', async () => {
    const loader = manualLoader();
    render(<Avatar src="/a.png" alt="Ann" chip={{ color: 'neutral', label: 'Away', position: 'top-left' }} loadImage={loader.load} />);
    await loader.loaded('/a.png');
    expect(screen.getByRole('img', { name: 'Ann, Away' }).tagName).toBe('IMG');
    expect(document.querySelector('.avatar-chip')?.getAttribute('data-position')).toBe('top-left');
  });

  it('is named by the label alone on a decorative avatar', () => {
    render(<Avatar chip={{ color: 'error', label: 'Busy' }} />);
    expect(screen.getByRole('img', { name: 'Busy' })).toBeTruthy();
  });
});

describe('Avatar element', () => {
  it('forwards its ref, merges className and style, and spreads other props', () => {
    const ref = createRef<HTMLSpanElement>();
    render(<Avatar ref={ref} alt="Ann" className="mine" style={{ margin: '4px' }} data-testid="avatar" title="Ann" />);
    const avatar = screen.getByTestId('avatar');
    expect(ref.current).toBe(avatar);
    expect(avatar.className).toBe('avatar mine');
    expect(avatar.style.margin).toBe('4px');
    expect(avatar.style.getPropertyValue('--avatar-size')).toBe('32px');
    expect(avatar.title).toBe('Ann');
  });
});
