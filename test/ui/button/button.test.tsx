import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Button, BUTTON_SIZES, BUTTON_VARIANTS, ButtonLinkProvider, type ButtonLinkProps } from '../../../src/ui/button';

describe('Button', () => {
  it('is a native button of type button, md and solid primary by default', () => {
    render(<Button>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.tagName).toBe('BUTTON');
    expect(button.getAttribute('type')).toBe('button');
    expect(button.dataset.size).toBe('md');
    expect(button.dataset.variant).toBe('solid');
    expect(button.dataset.color).toBe('primary');
    expect(button.dataset.loading).toBeUndefined();
  });

  it.each(BUTTON_SIZES.flatMap((size) => BUTTON_VARIANTS.map((variant) => [size, variant] as const)))(
    'renders size %s, variant %s',
    (size, variant) => {
      render(
        <Button size={size} variant={variant} color="error">
          Go
        </Button>,
      );
      const button = screen.getByRole('button', { name: 'Go' });
      expect([button.dataset.size, button.dataset.variant, button.dataset.color]).toEqual([size, variant, 'error']);
    },
  );

  it('while loading is disabled, busy and shows a spinner in the leading icon place', () => {
    const onClick = vi.fn();
    render(
      <Button loading icon="lucide:send" onClick={onClick}>
        Send
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.dataset.loading).toBe('');
    expect(button.querySelectorAll('svg')).toHaveLength(1);
    expect(button.querySelector('[data-spinner]')).not.toBeNull();
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('shows loading while an async click handler runs, and stops when it settles', async () => {
    let finish!: () => void;
    const onClick = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<Button onClick={onClick}>Export</Button>);
    const button = screen.getByRole('button', { name: 'Export' }) as HTMLButtonElement;
    await act(async () => fireEvent.click(button));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    await act(async () => finish());
    expect(button.disabled).toBe(false);
    expect(button.getAttribute('aria-busy')).toBeNull();
  });

  it('stops loading when the async handler fails too', async () => {
    let fail!: (e: Error) => void;
    const failing = new Promise<void>((_, reject) => (fail = reject));
    failing.catch(() => {});
    render(<Button onClick={() => failing}>Retry</Button>);
    const button = screen.getByRole('button', { name: 'Retry' }) as HTMLButtonElement;
    await act(async () => fireEvent.click(button));
    expect(button.disabled).toBe(true);
    await act(async () => fail(new Error('nope')));
    expect(button.disabled).toBe(false);
  });

  it('names an icon-only button with its label and shows the label as a tooltip on focus', async () => {
    render(<Button icon="lucide:trash-2" label="Delete chat" variant="ghost" />);
    const button = screen.getByRole('button', { name: 'Delete chat' });
    expect(button.dataset.iconOnly).toBe('');
    await act(async () => {
      fireEvent.keyDown(document, { key: 'Tab' });
      fireEvent.focus(button);
    });
    // The bubble's code is fetched on the first focus (or once the app has painted), then it shows.
    expect((await screen.findByRole('tooltip')).textContent).toBe('Delete chat');
  });

  it('renders a link when given a destination, through the app’s link component', () => {
    const navigations: string[] = [];
    function AppLink({ href, onClick, ...rest }: ButtonLinkProps) {
      return (
        <a
          href={href}
          {...rest}
          onClick={(e) => {
            onClick?.(e);
            e.preventDefault();
            navigations.push(href);
          }}
        />
      );
    }
    render(
      <ButtonLinkProvider value={AppLink}>
        <Button href="/chat/1" variant="link">
          Open
        </Button>
      </ButtonLinkProvider>,
    );
    const link = screen.getByRole('link', { name: 'Open' });
    expect(link.getAttribute('href')).toBe('/chat/1');
    fireEvent.click(link);
    expect(navigations).toEqual(['/chat/1']);
  });

  it('runs the caller’s click handler for a plain button', () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Go</Button>);
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
