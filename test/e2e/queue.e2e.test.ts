// Queue and steer (issue 24) in real Chromium against the OpenAI-compatible test server: messages
// queued during a slow reply reach the server in order once it ends, Send now stops the reply
// (keeping what arrived) and sends at once, and a message queued before a reload comes back
// paused and is sent only on the user's Send. By keyboard alone at a desk and by finger on a
// 390×844 touch screen, light and dark, axe-core clean at every stop.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { textStream, type OpenAiServer } from '../support/openai-server/index.mjs';
import { composer as composerOf, openConnectedApp, sendFromHome, streamedRequests } from './connected-app';
import { modelServerPerFile, pagePerTest } from './page-per-test';
import { untilStored } from './stored-rows';
import { checkStop, focused, pointerEventsSeen, tabTo, VIEWPORTS, watchPointerEvents } from './screen-checks';
import { checkTouchTargets } from './touch-targets';

const appUrl = inject('appUrl');
const SHOTS = process.env.PARLEY_SHOTS;
/** A reply slow enough to type behind: 60 chunks, 120 ms apart (about 7 s). */
const SLOW = { delayMs: 120, chunkSize: 2 };
const SLOW_TEXT = 'This reply takes its time, word by word, so there is room to queue. '.repeat(2).slice(0, 120);
const JOURNEY_TIMEOUT_MS = 90_000;

let server: OpenAiServer;
let page: Page;
modelServerPerFile({ models: ['test-model'] }, (started) => (server = started));

const composer = () => composerOf(page);
const queued = () => page.getByRole('region', { name: 'Queued messages' });
const replies = () => page.getByRole('article', { name: 'Assistant' });

/** The last user message of each streamed request, in the order the server received them. */
const sentInOrder = () =>
  streamedRequests(server).map((request) => {
    const messages = request.body.messages as { role: string; content: unknown }[];
    return messages.findLast((message) => message.role === 'user')?.content;
  });

async function shot(name: string, scheme: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `queue-${name}-${page.viewportSize()!.width}-${scheme}.png`) });
}

/** A chat whose first reply streams slowly. */
async function slowReply(first = 'First') {
  await openConnectedApp(page, appUrl, server);
  server.enqueue(textStream(SLOW_TEXT, SLOW));
  await sendFromHome(page, first);
  await hasText(0);
}

/** Waits until the n-th reply streams and some of its text arrived (an empty stopped reply is left out of the next request). */
async function hasText(n: number) {
  await replies().nth(n).and(page.locator('[data-state="streaming"]')).waitFor();
  await expect.poll(async () => ((await replies().nth(n).locator('.message-markdown').textContent()) ?? '').length).toBeGreaterThan(0);
}

describe.each(['light', 'dark'] as const)('at a desk, by keyboard alone, %s theme', (scheme) => {
  pagePerTest({ viewport: VIEWPORTS.desktop, colorScheme: scheme, onOpen: (opened) => ({ page } = opened) });

  it('two messages queued during a slow reply are sent in order when it ends', { timeout: JOURNEY_TIMEOUT_MS }, async () => {
    await watchPointerEvents(page);
    await slowReply();
    await composer().focus();
    await page.keyboard.type('Second');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Third');
    await page.keyboard.press('Enter');
    await queued().getByRole('textbox', { name: 'Queued 2' }).waitFor();
    // Focus stays in the message box for the next one.
    expect(await focused(page)).toBe('textarea Message');
    expect(await composer().inputValue()).toBe('');
    expect(await queued().getByRole('listitem').evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.state))).toEqual(['queued', 'queued']);
    expect(await replies().first().getAttribute('data-state')).toBe('streaming');
    await checkStop(page, 'two queued during a reply');
    await shot('two-queued', scheme);

    await expect.poll(sentInOrder, { timeout: 30_000 }).toEqual(['First', 'Second', 'Third']);
    await queued().waitFor({ state: 'detached' });
    expect(await replies().first().getAttribute('data-state')).toBe('complete');
    expect(await pointerEventsSeen(page)).toEqual([]);
  });

  it('Send now stops the reply and sends at once; one queued before a reload comes back paused and goes on Send', { timeout: JOURNEY_TIMEOUT_MS }, async () => {
    await watchPointerEvents(page);
    await slowReply();
    // The reply to "Urgent" is slow too, so "Later" is still queued at the reload.
    server.enqueue(textStream(SLOW_TEXT, SLOW));
    await composer().focus();
    await page.keyboard.type('Later');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Urgent');
    await page.keyboard.press('Enter');
    const sendNow = queued().getByRole('button', { name: 'Send now' }).nth(1);
    await tabTo(page, sendNow, { backwards: true });
    await page.keyboard.press('Enter');
    await expect.poll(sentInOrder).toEqual(['First', 'Urgent']);
    // The stopped reply keeps what arrived.
    await replies().first().and(page.locator('[data-state="stopped"]')).waitFor();
    expect(((await replies().first().textContent()) ?? '').length).toBeGreaterThan(0);
    expect(await queued().getByRole('textbox').inputValue()).toBe('Later');
    expect(await focused(page)).toBe('textarea Message');

    await hasText(1);
    // The streaming reply is stored with some of its text (saves come at least every second) before the reload.
    await untilStored<{ role: string; content: string; status: string }>(page, 'messages', (row) => row.role === 'assistant' && row.status === 'streaming' && row.content !== '');
    await page.reload();
    await composer().waitFor();
    const restored = queued().getByRole('listitem');
    await restored.and(page.locator('[data-state="paused"]')).waitFor();
    expect(await queued().getByRole('status').textContent()).toContain('sent only when you say Send');
    await checkStop(page, 'paused after a reload');
    await shot('paused-after-reload', scheme);
    // Nothing goes without the user.
    await page.waitForTimeout(1000);
    expect(sentInOrder()).toEqual(['First', 'Urgent']);
    await tabTo(page, queued().getByRole('button', { name: /^Send/ }), { backwards: true });
    await page.keyboard.press('Enter');
    await expect.poll(sentInOrder).toEqual(['First', 'Urgent', 'Later']);
    await queued().waitFor({ state: 'detached' });
    expect(await pointerEventsSeen(page)).toEqual([]);
  });
});

describe.each(['light', 'dark'] as const)('on a phone with a touch screen, %s theme', (scheme) => {
  pagePerTest({ viewport: VIEWPORTS.phone, colorScheme: scheme, hasTouch: true, isMobile: true, onOpen: (opened) => ({ page } = opened) });

  it('Queue by finger during a slow reply; edited and removed in place; sent in order', { timeout: JOURNEY_TIMEOUT_MS }, async () => {
    await openConnectedApp(page, appUrl, server);
    server.enqueue(textStream(SLOW_TEXT, SLOW));
    await composer().fill('First');
    await page.getByRole('button', { name: 'Send message' }).tap();
    await page.waitForURL(/\/chat\/[^/]+$/);
    await replies().first().and(page.locator('[data-state="streaming"]')).waitFor();
    for (const text of ['Second', 'Drop me', 'Thrid']) {
      await composer().fill(text);
      // Said in words, not an icon alone: a finger has no tooltip (issue 33).
      expect(await page.getByRole('button', { name: 'Queue message' }).innerText()).toBe('Queue message');
      await page.getByRole('button', { name: 'Queue message' }).tap();
      await queued().getByText(text).or(queued().locator(`textarea`).filter({ hasText: text })).first().waitFor();
    }
    await queued().getByRole('button', { name: 'Remove queued message 2' }).tap();
    const third = queued().getByRole('textbox', { name: 'Queued 2' });
    await third.fill('Third');
    await third.blur();
    expect(await queued().getByRole('textbox').evaluateAll((boxes) => boxes.map((box) => (box as HTMLTextAreaElement).value))).toEqual(['Second', 'Third']);
    await checkTouchTargets(page, 'queued list on a phone', '.queued');
    await checkStop(page, 'queued list on a phone');
    await shot('queued-phone', scheme);
    await expect.poll(sentInOrder, { timeout: 30_000 }).toEqual(['First', 'Second', 'Third']);
    await queued().waitFor({ state: 'detached' });
  });
});
