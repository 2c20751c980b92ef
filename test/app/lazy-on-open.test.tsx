import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyOnOpen, type OpenableProps } from '../../src/app/lazy-on-open';

function Panel({ open }: OpenableProps) {
  return open ? <div role="dialog" aria-label="Panel" /> : null;
}

describe('a dialog loaded on first use', () => {
  it('fetches nothing until it opens, then shows the loaded component', async () => {
    const load = vi.fn(async () => Panel);
    const Lazy = lazyOnOpen('panel', load);
    const { rerender } = render(<Lazy open={false} onOpenChange={() => {}} />);
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
    rerender(<Lazy open onOpenChange={() => {}} />);
    expect(await screen.findByRole('dialog', { name: 'Panel' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('closes the request when the code cannot be fetched, and tries again on the next open', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('gone')).mockResolvedValue(Panel);
    const Lazy = lazyOnOpen('panel', load);
    const onOpenChange = vi.fn();
    const { rerender } = render(<Lazy open onOpenChange={onOpenChange} />);
    await act(async () => {});
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    rerender(<Lazy open={false} onOpenChange={onOpenChange} />);
    rerender(<Lazy open onOpenChange={onOpenChange} />);
    expect(await screen.findByRole('dialog', { name: 'Panel' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
