import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createGate, createScriptedModel } from '../../support/scripted-model';
import { cleanUpStore, installStore, lastArticle, renderChatPage, textOf } from './chat-page-kit';

/** happy-dom does no layout: the document's scroll metrics are played by these numbers. */
const page = { scrollTop: 0, scrollHeight: 3000, clientHeight: 800 };
let scrollCalls: { top: number; behavior?: string }[] = [];

function stubScrolling() {
  page.scrollTop = 0;
  page.scrollHeight = 3000;
  scrollCalls = [];
  const root = document.scrollingElement ?? document.documentElement;
  Object.defineProperty(root, 'scrollTop', { configurable: true, get: () => page.scrollTop, set: (v: number) => (page.scrollTop = v) });
  Object.defineProperty(root, 'scrollHeight', { configurable: true, get: () => page.scrollHeight });
  Object.defineProperty(root, 'clientHeight', { configurable: true, get: () => page.clientHeight });
  vi.spyOn(window, 'scrollTo').mockImplementation(((options: ScrollToOptions) => {
    scrollCalls.push({ top: options.top!, behavior: options.behavior });
    page.scrollTop = Math.min(options.top!, page.scrollHeight - page.clientHeight);
    window.dispatchEvent(new Event('scroll'));
  }) as typeof window.scrollTo);
}

/** The reader scrolls to `top` (a scroll event, as the browser sends). */
function readerScrollsTo(top: number) {
  act(() => {
    page.scrollTop = top;
    window.dispatchEvent(new Event('scroll'));
  });
}

function stubReducedMotion(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) => ({ matches: reduce && query.includes('reduce'), media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList,
  );
}

beforeEach(() => {
  stubScrolling();
});
afterEach(() => {
  cleanUpStore();
  const root = document.scrollingElement ?? document.documentElement;
  for (const key of ['scrollTop', 'scrollHeight', 'clientHeight']) Reflect.deleteProperty(root, key);
});

async function openStreamingChat() {
  const gates = [createGate(), createGate(), createGate()];
  const model = createScriptedModel({
    replies: [
      [
        { delta: { type: 'content', text: 'one ' } },
        { gate: gates[0]! },
        { delta: { type: 'content', text: 'two ' } },
        { gate: gates[1]! },
        { delta: { type: 'content', text: 'three' } },
        { gate: gates[2]! },
      ],
    ],
  });
  const store = installStore(model);
  const { chatId } = await store.createChat({ text: 'Stream please' });
  renderChatPage(chatId);
  await waitFor(() => expect(textOf(lastArticle('Assistant'))).toBe('one'));
  return { gates };
}

const frame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

describe('chat page scrolling', () => {
  it('follows the reply to the end as it streams, one scroll per frame', async () => {
    const { gates } = await openStreamingChat();
    await frame();
    expect(page.scrollTop).toBe(2200);
    scrollCalls = [];
    page.scrollHeight = 3400;
    await act(async () => gates[0]!.open());
    await waitFor(() => expect(textOf(lastArticle('Assistant'))).toBe('one two'));
    await frame();
    expect(scrollCalls).toEqual([{ top: 2600, behavior: 'instant' }]);
    expect(screen.queryByRole('button', { name: 'Jump to latest' })).toBeNull();
  });

  it('stops following when the reader scrolls up; "Jump to latest" scrolls to the end and follows again', async () => {
    stubReducedMotion(false);
    const { gates } = await openStreamingChat();
    await frame();
    readerScrollsTo(1000);
    const jump = await screen.findByRole('button', { name: 'Jump to latest' });

    // More text arrives: the reader's place is kept.
    scrollCalls = [];
    page.scrollHeight = 3600;
    await act(async () => gates[0]!.open());
    await waitFor(() => expect(textOf(lastArticle('Assistant'))).toBe('one two'));
    await frame();
    expect(scrollCalls).toEqual([]);
    expect(page.scrollTop).toBe(1000);

    fireEvent.click(jump);
    expect(scrollCalls).toEqual([{ top: 2800, behavior: 'smooth' }]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Jump to latest' })).toBeNull());

    // Following again: the next text is kept in view.
    scrollCalls = [];
    page.scrollHeight = 3700;
    await act(async () => gates[1]!.open());
    await waitFor(() => expect(textOf(lastArticle('Assistant'))).toBe('one two three'));
    await frame();
    expect(scrollCalls.at(-1)).toEqual({ top: 2900, behavior: 'instant' });
  });

  it('a small nudge (within about a line of the end) keeps following', async () => {
    await openStreamingChat();
    await frame();
    readerScrollsTo(2200 - 30);
    expect(screen.queryByRole('button', { name: 'Jump to latest' })).toBeNull();
  });

  it('jumps without animation when reduced motion is asked for', async () => {
    stubReducedMotion(true);
    await openStreamingChat();
    await frame();
    readerScrollsTo(500);
    fireEvent.click(await screen.findByRole('button', { name: 'Jump to latest' }));
    expect(scrollCalls.at(-1)).toEqual({ top: 2200, behavior: 'instant' });
  });

  it('scrolling back down to the end by hand resumes following', async () => {
    await openStreamingChat();
    await frame();
    readerScrollsTo(400);
    await screen.findByRole('button', { name: 'Jump to latest' });
    readerScrollsTo(2200);
    expect(screen.queryByRole('button', { name: 'Jump to latest' })).toBeNull();
  });
});
