import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '../../../src/chat';
import { MessageStatus } from '../../../src/pages/chat/message/message-status';
import { loadModelErrorExplainer } from '../../../src/pages/shared/use-model-error-explainer';

const NOW = 1_700_000_000_000;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

type Shown = Parameters<typeof MessageStatus>[0]['message'];

const rateLimited = (extra: Partial<Message> = {}): Shown => ({
  status: 'error',
  errorCode: 'rate-limited',
  error: 'Rate limit reached',
  retryAfterMs: 20_000,
  retryAt: NOW + 20_000,
  content: '',
  ...extra,
});

const retry = () => screen.getByRole('button', { name: /^Retry/ });

// First in the file: the explanations are not loaded yet (they load with the first failed reply shown).
describe('the error card before the explanations have loaded', () => {
  it('shows the server’s own words at once, then the explanation', async () => {
    vi.useRealTimers();
    render(<MessageStatus message={rateLimited()} onRetry={() => {}} onContinue={() => {}} />);
    expect(screen.getByText('Rate limit reached')).toBeTruthy();
    expect(await screen.findByText('Too many requests: the server asks to wait 20 seconds.')).toBeTruthy();
  });
});

describe('the error card of a rate-limited reply', () => {
  beforeAll(async () => {
    await loadModelErrorExplainer();
  });

  it('says the wait the server asked for and counts it down on Retry, which is disabled until the wait is over', async () => {
    const onRetry = vi.fn();
    render(<MessageStatus message={rateLimited()} onRetry={onRetry} onContinue={() => {}} />);
    expect(screen.getByText('Too many requests: the server asks to wait 20 seconds.')).toBeTruthy();
    expect(retry().textContent).toBe('Retry in 20 s');
    expect((retry() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(retry());
    expect(onRetry).not.toHaveBeenCalled();

    await act(async () => vi.advanceTimersByTime(2000));
    expect(retry().textContent).toBe('Retry in 18 s');
    await act(async () => vi.advanceTimersByTime(17_000));
    expect(retry().textContent).toBe('Retry in 1 s');
    await act(async () => vi.advanceTimersByTime(1000));
    expect(retry().textContent).toBe('Retry');
    expect((retry() as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(retry());
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('holds Continue back for the wait too, when some text had arrived', async () => {
    render(<MessageStatus message={rateLimited({ content: 'Half' })} onRetry={() => {}} onContinue={() => {}} />);
    const next = screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    await act(async () => vi.advanceTimersByTime(20_000));
    expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('offers Retry at once when the wait was over before the card was shown (a reload later)', () => {
    render(<MessageStatus message={rateLimited({ retryAt: NOW - 1 })} onRetry={() => {}} onContinue={() => {}} />);
    expect(retry().textContent).toBe('Retry');
    expect((retry() as HTMLButtonElement).disabled).toBe(false);
  });

  it('offers Retry at once when the server named no wait', () => {
    render(<MessageStatus message={rateLimited({ retryAfterMs: undefined, retryAt: undefined })} onRetry={() => {}} onContinue={() => {}} />);
    expect(screen.getByText('Wait a moment, then retry.')).toBeTruthy();
    expect((retry() as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('Continue', () => {
  it.each<[string, Shown, string]>([
    ['a reply stopped with text', { status: 'stopped', content: 'Half' }, 'Stopped'],
    ['a reply stopped while it was still thinking', { status: 'stopped', content: '', reasoning: 'Let me think' }, 'Stopped'],
    ['a reply the server cut at the length limit', { status: 'complete', content: 'Cut at the', finishReason: 'length' }, 'Stopped at the length limit'],
  ])('is offered for %s', (_case, message, note) => {
    const onContinue = vi.fn();
    const { container } = render(<MessageStatus message={message} onRetry={() => {}} onContinue={onContinue} />);
    expect(screen.getByText(note)).toBeTruthy();
    expect((container.firstElementChild as HTMLElement).dataset.state).toBe(message.finishReason === 'length' ? 'length' : 'stopped');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onContinue).toHaveBeenCalledTimes(1);
  });

  it.each<[string, Shown]>([
    ['a reply stopped before anything arrived', { status: 'stopped', content: '' }],
    ['a reply that finished on its own', { status: 'complete', content: 'Done.', finishReason: 'stop' }],
  ])('is not offered for %s', (_case, message) => {
    render(<MessageStatus message={message} onRetry={() => {}} onContinue={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
  });
});

describe('a reply whose model refused the message’s pictures', () => {
  const refused: Shown = {
    status: 'error',
    errorCode: 'unknown',
    errorReason: 'model-rejects-images',
    error: 'This model does not support image input',
    model: 'local/llama3',
    content: '',
  };

  it('names the model, keeps the server’s words, and offers the message again without its pictures', () => {
    const onResend = vi.fn();
    const onRetry = vi.fn();
    render(<MessageStatus message={refused} onRetry={onRetry} onContinue={() => {}} onResendWithoutImages={onResend} />);
    expect(screen.getByText('llama3 does not accept images')).toBeTruthy();
    expect(screen.getByText('This model does not support image input')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send without images' }));
    expect(onResend).toHaveBeenCalledTimes(1);
    fireEvent.click(retry());
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('says "This model" when the reply does not record one', () => {
    render(<MessageStatus message={{ ...refused, model: undefined }} onRetry={() => {}} onContinue={() => {}} onResendWithoutImages={() => {}} />);
    expect(screen.getByText('This model does not accept images')).toBeTruthy();
  });
});

describe('a reply that failed with the device offline (issue 33)', () => {
  beforeAll(async () => {
    await loadModelErrorExplainer();
  });
  afterEach(() => {
    delete (navigator as { onLine?: boolean }).onLine;
  });

  it('says "You are offline" first, then the server’s explanation; back online, the server’s explanation alone', async () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    const failed: Shown = { status: 'error', errorCode: 'unreachable', errorReason: 'down', error: 'Failed to fetch', model: 'local/llama3', content: '' };
    render(<MessageStatus message={failed} onRetry={() => {}} onContinue={() => {}} />);
    expect(document.querySelector('.message-error__title')!.textContent).toBe('You are offline');
    expect(document.querySelector('.message-error__body')!.textContent).toContain('Nothing answered at this address: The server is not running');
    delete (navigator as { onLine?: boolean }).onLine;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(document.querySelector('.message-error__title')!.textContent).not.toBe('You are offline');
  });
});
