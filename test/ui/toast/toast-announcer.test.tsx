import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANNOUNCE_BACKLOG_DELAY_MS, announcementText, resetToasts, toast, Toaster } from '../../../src/ui/toast';

const status = () => screen.getByRole('status');
const messages = () => [...status().querySelectorAll('p')].map((p) => p.textContent);
const add = (...args: Parameters<typeof toast.add>) => act(() => void toast.add(...args));

beforeEach(() => {
  vi.useFakeTimers();
  resetToasts();
});

afterEach(() => {
  resetToasts();
  vi.useRealTimers();
});

describe('announcementText', () => {
  it.each([
    [{ title: 'Saved', description: 'All changes stored' }, 'Notification: Saved. All changes stored'],
    [{ title: 'Saved!', description: 'All changes stored' }, 'Notification: Saved! All changes stored'],
    [{ title: 'Saved' }, 'Notification: Saved'],
    [{ description: 'Only a description.' }, 'Notification: Only a description.'],
    [{ title: '  ', description: '' }, 'Notification'],
    [{}, 'Notification'],
  ])('%o → %s', (content, text) => {
    expect(announcementText(content)).toBe(text);
  });
});

describe('ToastAnnouncer', () => {
  it('is a visually hidden polite status region, not hidden from AT', () => {
    render(<Toaster />);
    expect(status().getAttribute('aria-live')).toBe('polite');
    expect(status().className).toContain('visually-hidden');
    expect(status().closest('[aria-hidden="true"]')).toBeNull();
  });

  it('announces each new toast once: "Notification", then title and description', () => {
    render(<Toaster />);
    add({ id: 'a', title: 'Saved', description: 'All changes stored' });
    expect(messages()).toEqual(['Notification: Saved. All changes stored']);
    add({ id: 'b', title: 'Sent' });
    expect(messages()).toEqual(['Notification: Saved. All changes stored', 'Notification: Sent']);
  });

  it('does not announce an update in place again', () => {
    render(<Toaster />);
    add({ id: 'a', title: 'Saving' });
    add({ id: 'a', title: 'Saved' });
    act(() => void toast.update('a', { description: 'Done' }));
    expect(messages()).toEqual(['Notification: Saving']);
  });

  it('drops a message when its toast goes, and announces a returning id as new', () => {
    render(<Toaster />);
    add({ id: 'a', title: 'First' });
    act(() => toast.remove('a'));
    expect(messages()).toEqual([]);
    add({ id: 'a', title: 'Back' });
    expect(messages()).toEqual(['Notification: Back']);
  });

  it('announces toasts added before mount shortly after the live region exists', () => {
    toast.add({ title: 'Early' });
    render(<Toaster />);
    expect(messages()).toEqual([]);
    act(() => vi.advanceTimersByTime(ANNOUNCE_BACKLOG_DELAY_MS));
    expect(messages()).toEqual(['Notification: Early']);
  });
});
