import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { textStream, type OpenAiServer } from '../support/openai-server/index.mjs';
import { afterAppIdle, composer as composerOf, openConnectedApp, sendFromHome, streamedRequests } from './connected-app';
import { modelServerPerFile, pagePerTest } from './page-per-test';
import { focused } from './screen-checks';
import { untilRepliesStored, untilStored } from './stored-rows';
import type { Message } from '../../src/chat/types';

// The production build (no test model inside) against a real OpenAI-compatible HTTP server.
const appUrl = inject('appUrl');

let server: OpenAiServer;
let page: Page;

modelServerPerFile({ models: ['test-model'] }, (started) => (server = started));
pagePerTest({ checkPageErrors: false, onOpen: (opened) => ({ page } = opened) });

const composer = () => composerOf(page);
const completions = () => streamedRequests(server);

const connected = (kind = 'custom') => openConnectedApp(page, appUrl, server, kind);
const send = (text: string) => sendFromHome(page, text);

describe('connecting and streaming', () => {
  it('starts the stream worker while the home page is idle, and only once a connection exists', async () => {
    const workerScripts: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/stream-worker-[A-Z0-9]{8}\.js$/.test(new URL(request.url()).pathname)) workerScripts.push(request.url());
    });
    await page.goto(appUrl);
    await composer().waitFor();
    // No connection: nothing to stream from, so no worker, even once the app's idle work has run.
    await afterAppIdle(page);
    expect(workerScripts).toEqual([]);

    await connected();
    // Before any message is sent: the worker's script is fetched (and the worker started) while idle.
    await expect.poll(() => workerScripts.length).toBe(1);
    expect(completions()).toEqual([]);
    server.setScript(textStream('Warm and ready.', { chunkSize: 5 }));
    await send('Hello');
    await page.getByText('Warm and ready.').waitFor();
    expect(workerScripts).toHaveLength(1);
  });

  it('connects through Settings, streams a reply and stores it', async () => {
    await page.goto(appUrl);
    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByRole('button', { name: 'Add connection' }).click();
    await page.getByRole('menuitem', { name: /^OpenAI-compatible server/ }).click();
    const address = dialog.getByRole('textbox', { name: 'Base URL' });
    await address.fill(server.url);
    await address.blur();
    await dialog.getByRole('button', { name: 'Test connection' }).click();
    await dialog.getByText('Connected: 1 model found').waitFor();
    await page.keyboard.press('Escape');

    server.setScript(textStream('Hello from the real server, streamed in pieces.', { chunkSize: 5, delayMs: 20 }));
    await send('Say hello');
    await page.getByText('Hello from the real server, streamed in pieces.').waitFor();
    const request = completions()[0]!;
    expect(request.body).toMatchObject({ model: 'test-model', stream: true, stream_options: { include_usage: true } });
    expect(request.body.messages.at(-1)).toEqual({ role: 'user', content: 'Say hello' });
    // Stats come from the server's usage.
    await page.getByText(/tokens\/s/).first().waitFor();

    await untilRepliesStored(page);
    await page.reload();
    await page.getByText('Hello from the real server, streamed in pieces.').waitFor();
  });

  it('streams from the page when the stream worker cannot load (a redeploy replaced its file)', async () => {
    // The context's route sees the service worker's requests too (issue 26): it may fetch the worker's file for the page.
    await page.context().route(/\/assets\/stream-worker-[A-Z0-9]{8}\.js$/, (route) => route.fulfill({ status: 404, body: 'Not found' }));
    await connected();
    server.setScript(textStream('Still here, read by the page itself.', { chunkSize: 6, delayMs: 10 }));
    await send('Are you there?');
    await page.getByText('Still here, read by the page itself.').waitFor();
    expect(completions()).toHaveLength(1);
    await expect.poll(() => page.getByRole('article', { name: 'Assistant' }).getAttribute('data-state')).toBe('complete');
  });

  it('stops a reply and keeps what arrived, also after a reload', async () => {
    await connected();
    server.setScript(textStream('one two three four five six seven eight nine ten eleven twelve', { chunkSize: 4, delayMs: 150 }));
    await send('Count slowly');
    await page.getByText(/^one two/).waitFor();
    await page.getByRole('button', { name: 'Stop generating' }).click();
    await page.getByText('Stopped', { exact: true }).waitFor();
    const kept = (await page.getByText(/^one two/).textContent())!;
    expect(kept.length).toBeLessThan('one two three four five six seven eight nine ten eleven twelve'.length);
    await untilStored<Message>(page, 'messages', (m) => m.status === 'stopped' && m.content === kept);
    await page.reload();
    await expect.poll(() => page.getByText(/^one two/).textContent()).toBe(kept);
  });

  it('keeps the partial text of a broken stream, and Retry completes the reply', async () => {
    await connected();
    // Chunks paced like a real server, so they reach the page before the connection breaks.
    server.enqueue(textStream('This reply will break off somewhere in the middle', { chunkSize: 5, delayMs: 60, disconnectAfter: 5 }));
    server.setScript(textStream('The complete second answer.', { chunkSize: 5 }));
    await send('Tell me something');
    await page.getByText('The reply broke off', { exact: true }).first().waitFor();
    expect(await page.getByRole('article', { name: 'Assistant' }).textContent()).toContain('This reply');
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByText('The complete second answer.').waitFor();
    await page.getByText('2/2', { exact: true }).first().waitFor();
  });

  it('continues a broken reply in place', async () => {
    await connected();
    server.enqueue(textStream('The first half', { chunkSize: 5, delayMs: 60, disconnectAfter: 4 }));
    server.setScript(textStream(' and the rest.', { chunkSize: 5 }));
    await send('Go on');
    await page.getByText('The reply broke off', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => completions().length).toBe(2);
    // What reached the page before the break is sent back as the reply so far (how much of the
    // last chunk survives a broken socket is up to the network), and the rest is appended to it.
    const sent = completions()[1]!.body.messages.at(-2);
    expect(sent.role).toBe('assistant');
    expect(sent.content).toMatch(/^The f/);
    await expect.poll(() => page.getByRole('article', { name: 'Assistant' }).textContent()).toContain(`${sent.content} and the rest.`);
    expect(await page.getByRole('article', { name: 'Assistant' }).count()).toBe(1);
  });

  it('keeps what had arrived when the page is reloaded during streaming', async () => {
    await connected();
    const words = Array.from({ length: 60 }, (_, i) => `w${i}`).join(' ');
    server.setScript(textStream(words, { chunkSize: 6, delayMs: 80 }));
    await send('Stream for a while');
    await page.getByText(/^w0 w1 w2/).waitFor();
    await page.waitForTimeout(1500); // past the one-second save interval
    const before = (await page.getByText(/^w0 w1/).textContent())!;
    await page.reload();
    const after = (await page.getByText(/^w0 w1/).textContent())!;
    expect(after.length).toBeGreaterThan(10);
    expect(before.startsWith(after.slice(0, 10))).toBe(true);
  });
});

// 401, 404, 429 and 500 in the chat on screen (explained inline, no toast) and in a chat that is not: errors.e2e.test.ts.
describe('choosing a model', () => {
  it('lists embedding models apart in the picker, which opens at its top', async () => {
    // Ollama's alphabetical first is often an embedding model: all-minilm, bge-m3, nomic-embed-text.
    server.setModels([{ id: 'all-minilm:latest' }, { id: 'bge-m3:latest' }, { id: 'text-embedding-3-small', type: 'embeddings' }, { id: 'qwen3:8b' }, { id: 'test-model' }]);
    await connected();
    const picker = page.getByRole('button', { name: /^Model/ });
    await picker.click();
    const list = page.getByRole('listbox', { name: 'Models' });
    await list.getByRole('option', { name: 'qwen3:8b' }).waitFor();
    const embedding = list.getByRole('group', { name: /^Embedding models, cannot chat/ });
    expect(await embedding.getByRole('option').allInnerTexts()).toEqual(['all-minilm:latest', 'bge-m3:latest', 'text-embedding-3-small']);
    // The list opens at its top.
    expect(await list.evaluate((element) => element.scrollTop)).toBe(0);
    // Chosen, the model is set and typing is next: focus goes back to the message box (issue 33).
    await list.getByRole('option', { name: 'qwen3:8b' }).click();
    await expect.poll(() => picker.textContent()).toContain('qwen3:8b');
    expect(await focused(page)).toBe('textarea Message');
    server.setModels(['test-model']);
  });
});

describe('errors say what happened and what to do', () => {
  it('explains CORS, with the OLLAMA_ORIGINS setting for Ollama', async () => {
    await connected('ollama');
    server.setCors(false);
    await send('Blocked');
    const inline = page.getByRole('article', { name: 'Assistant' });
    await inline.getByText('The server blocked this page (CORS)', { exact: true }).waitFor();
    expect(await inline.textContent()).toContain('OLLAMA_ORIGINS');
    expect(await inline.textContent()).toContain(new URL(appUrl).origin);
  });
});
