import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { fixtureResponse, type OpenAiServer } from '../support/openai-server/index.mjs';
import { openConnectedApp, sendFromHome } from './connected-app';
import { modelServerPerFile, pagePerTest } from './page-per-test';
import { axeViolations } from './screen-checks';

// Issue 11's stream cases, replayed byte for byte by the real test server to the production build
// (its stream worker included): what the reader sees on the reply.
const appUrl = inject('appUrl');

let server: OpenAiServer;
let page: Page;

modelServerPerFile({ models: ['test-model'] }, (started) => (server = started));
pagePerTest({ onOpen: (opened) => ({ page } = opened) });

const reply = () => page.getByRole('article', { name: 'Assistant' });

async function replyTo(text: string, fixture: string) {
  await openConnectedApp(page, appUrl, server);
  server.enqueue(fixtureResponse(fixture));
  await sendFromHome(page, text);
}

describe('the reply shows what the stream said', () => {
  it('a reply that is only tool calls shows each call and its arguments as text, and is complete', async () => {
    await replyTo('Weather in Paris?', 'tool-call-streamed');
    const calls = reply().getByRole('group', { name: 'Tool call' });
    await calls.getByText('The model asked to call get_weather with', { exact: true }).waitFor();
    expect(await reply().getAttribute('data-state')).toBe('complete');
    expect(await calls.locator('pre').first().textContent()).toBe('{\n  "location": "Paris",\n  "unit": "°C"\n}');
    expect(await calls.getByText('The model asked to call get_time with no arguments', { exact: true }).isVisible()).toBe(true);
    // The disclosure folds from the keyboard.
    await calls.locator('summary').first().focus();
    await page.keyboard.press('Enter');
    expect(await calls.locator('details').first().evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    expect(await axeViolations(page, '.tool-calls')).toEqual([]);
  });

  it('malformed events are skipped, the text after them kept, and counted under the reply', async () => {
    await replyTo('Noisy proxy', 'malformed-skipped');
    await reply().getByText('3 malformed events skipped', { exact: true }).waitFor();
    expect(await reply().getAttribute('data-state')).toBe('complete');
    expect(await reply().locator('.message-markdown').textContent()).toBe('Before and after.');
  });

  it('a length stop with no answer is complete and says which limit to raise', async () => {
    await replyTo('Think hard', 'length-empty');
    const note = reply().getByRole('list', { name: 'Notes on this reply' });
    await note.waitFor();
    expect(await reply().getAttribute('data-state')).toBe('complete');
    expect(await note.textContent()).toContain('server’s own limit');
  });

  it.each([
    ['html-502-cloudflare', 'A gateway in front of the model server failed', 'api.example.com | 502: Bad gateway'],
    ['html-504-nginx', 'A gateway gave up waiting for the model server', '504 Gateway Time-out'],
    ['ollama-native-ndjson', 'This is Ollama’s own API, not its OpenAI-compatible one', `use the base URL ${'ORIGIN'}/v1`],
    ['anthropic-messages', 'This is Anthropic’s API', 'API format to “Anthropic Messages”'],
  ])('%s is explained on the message, with the page’s title only, and Retry', async (fixture, title, detail) => {
    await replyTo(`Try ${fixture}`, fixture);
    const card = reply().locator('.message-error');
    await card.getByText(title, { exact: true }).waitFor();
    const text = (await card.textContent()) ?? '';
    expect(text).toContain(detail.replace('ORIGIN', server.origin));
    // Never a CDN page's style or script text.
    expect(text).not.toMatch(/cf-error|addEventListener|nginx\/1/);
    expect(await reply().getByRole('button', { name: 'Retry' }).isEnabled()).toBe(true);
  });
});
