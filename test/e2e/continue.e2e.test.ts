import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CONTINUE_INSTRUCTION } from '../../src/chat/replies/continue-request';
import { launchBrowser, type TestBrowser } from '../support/browser.mjs';
import { completion, startOpenAiServer, textStream, type OpenAiServer, type RecordedRequest, type ScriptedResponse } from '../support/openai-server/index.mjs';
import { openConnectedApp, sendFromHome } from './connected-app';
import { checkStop } from './screen-checks';

// Continue after Stop, after a reply stopped while thinking and after the length limit, against a
// real OpenAI-compatible server: the exact requests it receives, and the figures the reply shows.
const appUrl = inject('appUrl');

/** Slow enough that Stop lands mid-stream. */
const SLOW_CHUNK_MS = 150;

let server: OpenAiServer;
let browser: TestBrowser;
let page: Page;

beforeAll(async () => {
  server = await startOpenAiServer({ models: ['test-model'] });
});
afterAll(async () => {
  await server?.close();
});
beforeEach(async () => {
  server.reset();
  browser = await launchBrowser();
  page = await browser.newPage();
});
afterEach(async () => {
  await browser.close();
});

const completions = () => server.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/chat/completions') && r.body?.stream);
const reply = () => page.getByRole('article', { name: 'Assistant' });

/** The streamed replies in order; a title request (not streamed) gets a title, whenever it comes. */
function replies(...streams: ScriptedResponse[]) {
  let next = 0;
  server.setScript((request: RecordedRequest) => (request.body?.stream ? streams[Math.min(next++, streams.length - 1)]! : completion('A title')));
}

/** What strict chat templates demand: after the system prompt, user first, then strictly alternating. */
function alternates(messages: { role: string }[]): boolean {
  return messages.filter((m) => m.role !== 'system').every((m, i) => m.role === (i % 2 === 0 ? 'user' : 'assistant'));
}

describe('continuing a reply', () => {
  it('after Stop: sends the text so far and the instruction, and appends the rest', async () => {
    replies(textStream('one two three four five six seven eight nine ten', { chunkSize: 4, delayMs: SLOW_CHUNK_MS }), textStream(' and the end.'));
    await openConnectedApp(page, appUrl, server);
    await sendFromHome(page, 'Count');
    await page.getByText(/^one two/).waitFor();
    await page.getByRole('button', { name: 'Stop generating' }).click();
    await reply().getByText('Stopped', { exact: true }).waitFor();
    await checkStop(page, 'stopped with text');
    await reply().getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => completions().length).toBe(2);
    const messages = completions()[1]!.body.messages;
    expect(messages).toHaveLength(3);
    expect(messages[0]).toEqual({ role: 'user', content: 'Count' });
    expect(messages[1].role).toBe('assistant');
    expect(messages[1].content).toMatch(/^one two/);
    expect(messages[2]).toEqual({ role: 'user', content: CONTINUE_INSTRUCTION });
    expect(alternates(messages)).toBe(true);
    await expect.poll(() => reply().getAttribute('data-state')).toBe('complete');
    expect(await reply().locator('.message-markdown').textContent()).toBe(`${messages[1].content} and the end.`);
  });

  it('after a Stop while thinking: asks the question again with no hidden turn, keeps both thoughts apart and adds up the time thought', async () => {
    const firstThoughts = ['Let ', 'me ', 'think ', 'about ', 'this ', 'for ', 'a ', 'good ', 'long ', 'while.'];
    replies(textStream('Never sent.', { reasoning: firstThoughts, delayMs: SLOW_CHUNK_MS }), textStream('The answer.', { reasoning: ['Picking ', 'up again.'], delayMs: 20 }));
    await openConnectedApp(page, appUrl, server);
    await sendFromHome(page, 'Why is the sky blue?');
    await reply().getByText(/^Let me think/).waitFor();
    await page.getByRole('button', { name: 'Stop generating' }).click();
    await reply().getByText('Stopped', { exact: true }).waitFor();
    expect(await reply().locator('.message-markdown').textContent()).toBe('');
    const before = (await reply().locator('.reasoning__text').textContent())!;
    await reply().getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => reply().getAttribute('data-state')).toBe('complete');

    const messages = completions()[1]!.body.messages;
    expect(messages).toEqual([{ role: 'user', content: 'Why is the sky blue?' }]);
    expect(await reply().locator('.reasoning__text').textContent()).toBe(`${before}\n\nPicking up again.`);
    expect(await reply().locator('.message-markdown').textContent()).toBe('The answer.');
    await reply().getByText(/^Thought for \d+ s$/).waitFor();
    await checkStop(page, 'continued after thinking');
  });

  it('after the length limit: offered, continued, and the reply counts its own tokens with the prompt’s in its description', async () => {
    replies(
      textStream('Cut at the', { finishReason: 'length', usage: { prompt_tokens: 20, completion_tokens: 3, total_tokens: 23 } }),
      textStream(' limit.', { usage: { prompt_tokens: 31, completion_tokens: 2, total_tokens: 33 } }),
    );
    await openConnectedApp(page, appUrl, server);
    await sendFromHome(page, 'Write a lot');
    await reply().getByText('Stopped at the length limit', { exact: true }).waitFor();
    await reply().getByText('3 tokens', { exact: true }).waitFor();
    await checkStop(page, 'cut at the length limit');
    await reply().getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => completions().length).toBe(2);
    expect(completions()[1]!.body.messages).toEqual([
      { role: 'user', content: 'Write a lot' },
      { role: 'assistant', content: 'Cut at the' },
      { role: 'user', content: CONTINUE_INSTRUCTION },
    ]);
    await expect.poll(() => reply().locator('.message-markdown').textContent()).toBe('Cut at the limit.');
    await expect.poll(() => reply().getByText('Stopped at the length limit').count()).toBe(0);

    const tokens = reply().getByText('5 tokens', { exact: true });
    await page.keyboard.press('Shift');
    await tokens.focus();
    const tooltip = page.getByRole('tooltip');
    await expect.poll(() => tooltip.textContent()).toBe('Prompt: 31 tokens.');
    expect(await tokens.getAttribute('aria-describedby')).toBe(await tooltip.getAttribute('id'));
    await checkStop(page, 'the reply’s tokens described');
  });
});
