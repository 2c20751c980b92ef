import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { completion, textStream, type OpenAiServer, type RecordedRequest } from '../support/openai-server/index.mjs';
import { composer, openConnectedApp, sendFromHome, streamedRequests } from './connected-app';
import { modelServerPerFile, pagePerTest } from './page-per-test';
import { axeViolations } from './screen-checks';

// One person, one chat, two tabs of the same browser (one IndexedDB), against a real server whose
// first reply streams slowly: every tab shows it streaming, either tab can stop it, and the chat's
// title is asked for once.
const appUrl = inject('appUrl');

/** About six seconds of reply: time for the second tab to open, look and press Stop. */
const SLOW_REPLY = Array.from({ length: 60 }, (_, i) => `w${i}`).join(' ');
const SLOW_CHUNK_DELAY_MS = 100;
/** The title answer comes late, so the other tab finishes a reply while it is on its way. */
const TITLE_DELAY_MS = 2500;

let server: OpenAiServer;
let tabA: Page;
let tabB: Page;

modelServerPerFile({ models: ['test-model'] }, (started) => (server = started));
const session = pagePerTest({ onOpen: ({ page }) => (tabA = page) });

const isTitleRequest = (r: RecordedRequest) => r.method === 'POST' && r.path.endsWith('/chat/completions') && r.body && !r.body.stream;
const titleRequests = () => server.requests.filter(isTitleRequest);
const streamed = () => streamedRequests(server);
const stopButton = (page: Page) => page.getByRole('button', { name: 'Stop generating' });
const reply = (page: Page) => page.getByRole('article', { name: 'Assistant' });

async function openTabB(url: string): Promise<Page> {
  const page = await session.newPage();
  await page.goto(url);
  return page;
}

describe('the same chat in two tabs', () => {
  it('streams in one tab, shows as streaming with Stop in the other, and Stop there ends it', async () => {
    server.enqueue(textStream(SLOW_REPLY, { chunkSize: 6, delayMs: SLOW_CHUNK_DELAY_MS }));
    await openConnectedApp(tabA, appUrl, server);
    await sendFromHome(tabA, 'Count slowly');
    await reply(tabA).getByText(/^w0 w1/).waitFor();
    const chatUrl = tabA.url();

    // Tab B on the home page: the chat replying in tab A carries the activity mark in the sidebar.
    tabB = await openTabB(appUrl);
    const entry = tabB.getByRole('navigation').getByRole('link', { name: /^Count slowly/ });
    const mark = entry.getByRole('img', { name: 'Replying…' });
    await mark.waitFor();
    expect(await entry.getAttribute('aria-current')).toBeNull();
    expect(await axeViolations(tabB, 'nav')).toEqual([]);

    // Open there, the chat shows the reply streaming and offers Stop instead of Send.
    await entry.click();
    await tabB.waitForURL(chatUrl);
    await stopButton(tabB).waitFor();
    expect(await tabB.getByRole('button', { name: 'Send message' }).count()).toBe(0);
    expect(await reply(tabB).getAttribute('data-state')).toBe('streaming');

    await stopButton(tabB).click();
    // Tab A stops its stream (the request is aborted) and keeps what had arrived.
    await expect.poll(() => reply(tabA).getAttribute('data-state')).toBe('stopped');
    await expect.poll(() => streamed()[0]?.response.clientAborted).toBe(true);
    const kept = (await reply(tabA).getByText(/^w0 w1/).textContent())!;
    expect(kept.length).toBeLessThan(SLOW_REPLY.length);
    await expect.poll(() => reply(tabB).getAttribute('data-state')).toBe('stopped');
    await expect.poll(() => reply(tabB).getByText(/^w0 w1/).textContent()).toBe(kept);
    await stopButton(tabA).waitFor({ state: 'detached' });
    await stopButton(tabB).waitFor({ state: 'detached' });
    // The mark goes with the stream.
    await tabB.goto(appUrl);
    await tabB.getByRole('navigation').getByRole('link', { name: /^Count slowly/ }).waitFor();
    expect(await mark.count()).toBe(0);
  });

  it('asks for the chat’s title once, though both tabs finish a reply while it is on its way', async () => {
    server.setScript((request) =>
      request.body?.stream
        ? textStream(`Answer ${streamed().length}`, { chunkSize: 4, delayMs: 20 })
        : { ...completion('Counting with friends'), delayMs: TITLE_DELAY_MS },
    );
    await openConnectedApp(tabA, appUrl, server);
    await sendFromHome(tabA, 'Let us count');
    await reply(tabA).getByText('Answer 1').waitFor();
    await expect.poll(() => titleRequests().length).toBe(1);

    tabB = await openTabB(tabA.url());
    await reply(tabB).first().getByText('Answer 1').waitFor();
    await composer(tabB).fill('And more');
    await composer(tabB).press('Enter');
    await reply(tabB).getByText('Answer 2').waitFor();
    await expect.poll(() => reply(tabB).last().getAttribute('data-state')).toBe('complete');

    // Both tabs show the one generated title.
    await tabA.getByRole('heading', { name: 'Counting with friends' }).waitFor({ timeout: TITLE_DELAY_MS * 2 });
    await tabB.getByRole('heading', { name: 'Counting with friends' }).waitFor();
    await tabB.waitForTimeout(500);
    expect(titleRequests()).toHaveLength(1);
  });
});
