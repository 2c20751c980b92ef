import { act, render, screen, within } from '@testing-library/react';
import { vi } from 'vitest';
import { toast, Toaster, type ToasterProps } from '../../../src/ui/toast';

/** happy-dom does no layout: every toast is 50 px tall unless a test says otherwise. */
export const fixedHeight = () => 50;

export function renderToaster(props: ToasterProps = {}) {
  return render(<Toaster measureHeight={fixedHeight} {...props} />);
}

/** The area, found the way AT finds it: a region named "Notifications (F8)". */
export const region = () => screen.getByRole('region', { name: 'Notifications (F8)' });
export const items = () => within(region()).queryAllByRole('listitem');
export const itemTitles = () => items().map((item) => item.querySelector('.toast-title')?.textContent);
export const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
export const add = (...args: Parameters<typeof toast.add>) => act(() => void toast.add(...args));
