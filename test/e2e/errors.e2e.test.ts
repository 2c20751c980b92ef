import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { errorResponse, textStream, type OpenAiServer } from '../support/openai-server/index.mjs';
import { openConnectedApp, sendFromHome, streamedRequests } from './connected-app';
import { toasts as toastsOf } from './locators';
import { modelServerPerFile, pagePerTest } from './page-per-test';
import { untilRepliesStored } from './stored-rows';
import { axeViolations } from './screen-checks';

// The production build against a real OpenAI-compatible server: a failed reply is explained on
// the message itself; a toast is only for a chat that is not on screen (SPEC B6).
const appUrl = inject('appUrl');

let server: OpenAiServer;
let page: Page;

modelServerPerFile({ models: ['test-model'] }, (started) => (server = started));
pagePerTest({ onOpen: (opened) => ({ page } = opened) });

const toasts = () => toastsOf(page);
const reply = () => page.getByRole('article', { name: 'Assistant' });
const streamed = () => streamedRequests(server);

describe('a failed reply in the chat on screen', () => {
  it.each([
    [401, errorResponse(401, 'Incorrect API key provided'), 'The server rejected the API key'],
    [404, errorResponse(404, 'The model `test-model` does not exist', { code: 'model_not_found' }), 'The model was not found'],
    [500, errorResponse(500, 'Internal error'), 'The model server failed'],
  ])('%i is explained on the message, with Retry, and raises no toast', async (status, response, title) => {
    await openConnectedApp(page, appUrl, server);
    server.enqueue(response);
    await sendFromHome(page, `Trigger ${status}`);
    await reply().getByText(title, { exact: true }).waitFor();
    expect(await reply().getByRole('button', { name: 'Retry' }).isEnabled()).toBe(true);
    // Time for a toast to have come, had there been one.
    await page.waitForTimeout(500);
    expect(await toasts().count()).toBe(0);
  });

  it('429: the card shows the wait the server asked for, Retry counts it down, then replaces the failed attempt', async () => {
    await openConnectedApp(page, appUrl, server);
    server.enqueue(errorResponse(429, 'Rate limit reached', { headers: { 'Retry-After': '2' } }));
    server.setScript(textStream('Worth the wait.', { chunkSize: 5 }));
    await sendFromHome(page, 'Hurry');
    await reply().getByText('Rate limited by the server', { exact: true }).waitFor();
    expect(await reply().textContent()).toContain('the server asks to wait 2 seconds');
    const retry = reply().getByRole('button', { name: /^Retry/ });
    expect(await retry.textContent()).toMatch(/^Retry in [12] s$/);
    expect(await retry.isDisabled()).toBe(true);
    expect(await axeViolations(page, '.message-error')).toEqual([]);
    expect(await toasts().count()).toBe(0);

    // It counts down, and is offered once the wait is over (not before: one request so far).
    await expect.poll(() => retry.textContent(), { timeout: 3000 }).toBe('Retry');
    expect(await retry.isEnabled()).toBe(true);
    expect(streamed()).toHaveLength(1);
    await retry.click();
    await page.getByText('Worth the wait.').waitFor();
    expect(streamed()).toHaveLength(2);
    // The failed attempt had no text: the retry took its place, no "1/2" version is left behind.
    expect(await page.getByRole('group', { name: 'Versions' }).count()).toBe(0);
    expect(await reply().count()).toBe(1);
    await untilRepliesStored(page);
    await page.reload();
    await page.getByText('Worth the wait.').waitFor();
    expect(await page.getByRole('group', { name: 'Versions' }).count()).toBe(0);
  });
});

describe('a failed reply in a chat that is not on screen', () => {
  it('raises a toast that names the chat, stays, and opens the chat; the chat shows the error inline', async () => {
    await openConnectedApp(page, appUrl, server);
    // The server answers late, so the user has left the chat when the reply fails.
    server.enqueue({ ...errorResponse(500, 'Internal error'), delayMs: 1500 });
    await sendFromHome(page, 'Plan the trip');
    const chatUrl = page.url();
    await page.getByRole('link', { name: 'Parley home' }).click();
    await page.waitForURL(appUrl);

    const toast = toasts().filter({ hasText: '“Plan the trip”' });
    await toast.waitFor();
    expect(await toast.textContent()).toContain('The model server failed');
    // Past the 5 s a normal toast lasts: it stays until closed (or until its chat is opened).
    await page.mouse.move(5, 700);
    await page.waitForTimeout(5500);
    expect(await toast.count()).toBe(1);

    await toast.getByRole('button', { name: 'Open chat' }).click();
    await page.waitForURL(chatUrl);
    await reply().getByText('The model server failed', { exact: true }).waitFor();
    expect(await toasts().count()).toBe(0);
  });
});
