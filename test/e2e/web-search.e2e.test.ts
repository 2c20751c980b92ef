// Issue 37 in Chromium: web search with citations, the three ways. The provider searches (a recorded
// Responses stream, a recorded Anthropic stream, Chat Completions annotations): the step, the chips
// on the cited spans, the Sources; a reload and the Markdown export keep them. The user's SearXNG
// (the SearXNG test server): the model's web_search is answered and the reply's [1] [2] are links to
// the right results. Search off: the search server receives nothing. A phone by touch in dark, a
// desktop by pointer and by keyboard alone in light; axe clean.
import { readFile } from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  anthropicSearchStream,
  chatCompletionsAnnotationsStream,
  completion,
  responsesSearchStream,
  startOpenAiServer,
  textStream,
  toolCallStream,
  type OpenAiServer,
  type RecordedRequest,
} from '../support/openai-server/index.mjs';
import { startSearxngServer, SEARXNG_RESULTS, type RunningSearxngServer } from '../support/searxng-server/index.mjs';
import { seedConnection } from '../support/seed-connection.mjs';
import { composer } from './connected-app';
import { openSettingsSection, settingsDialog } from './locators';
import { pagePerTest } from './page-per-test';
import { axeViolations, horizontalOverflow, VIEWPORTS } from './screen-checks';
import { checkTouchTargets } from './touch-targets';

const appUrl = inject('appUrl');
const SHOTS = '/tmp/shots';
/** A journey of several replies, a reload and an export: more than the default 30 s on two busy cores. */
const JOURNEY_TIMEOUT_MS = 90_000;
const SEARXNG_ANSWER = 'Node.js 24 is the active LTS line [1], and its releases are listed on GitHub [2].';

let server: OpenAiServer;
let searxng: RunningSearxngServer;
let page: Page;

const textOf = (content: unknown): string =>
  typeof content === 'string' ? content : Array.isArray(content) ? content.map((part) => (typeof part?.text === 'string' ? part.text : '')).join('') : '';

/** The scripted providers: Responses and Anthropic answer with their recorded search streams; Chat Completions with annotations, or as a model calling web_search. */
function provider(request: RecordedRequest) {
  const body = request.body;
  if (!body.stream) return { status: 200, json: completion('Search chat') };
  if (request.path.endsWith('/responses')) return responsesSearchStream();
  if (request.path.endsWith('/messages')) return anthropicSearchStream();
  const last = body.messages.at(-1);
  if (last.role === 'tool') {
    // "Slowly": the answer takes seconds, so the test sees its chips while it streams.
    const asked = textOf(body.messages.findLast((m: { role: string }) => m.role === 'user')?.content);
    return textStream(SEARXNG_ANSWER, { chunkSize: 12, delayMs: asked.startsWith('Slowly') ? 300 : 0 });
  }
  const offered = (body.tools ?? []).some((tool: { function?: { name?: string } }) => tool.function?.name === 'web_search');
  if (offered) return toolCallStream([['web_search', { query: 'node.js lts' }]]);
  if (textOf(last.content).includes('annotated')) return chatCompletionsAnnotationsStream();
  return textStream('A plain answer, no search.');
}

beforeAll(async () => {
  server = await startOpenAiServer({ models: ['gpt-5', 'claude-sonnet-4-6', 'test-model'], script: provider });
  searxng = await startSearxngServer();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await Promise.all([server?.close(), searxng?.close()]);
});

const streamed = (suffix: string) => server.requests.filter((r) => r.method === 'POST' && r.path.endsWith(suffix) && r.body?.stream);
const lastReply = () => page.getByRole('article', { name: 'Assistant' }).last();
const chips = () => lastReply().locator('a.citation-chip');
const sources = () => lastReply().getByRole('group', { name: 'Sources' });
const steps = () => lastReply().getByRole('list', { name: 'Web searches' });

async function seed(model: string) {
  await page.goto(new URL('assets/seed.txt', appUrl).href);
  await page.evaluate(seedConnection, {
    model,
    connections: [
      { id: 'oai', name: 'OpenAI Responses', kind: 'openai', baseUrl: server.url, api: 'responses', apiKey: 'sk-test', apiKeyUrl: server.url },
      { id: 'claude', name: 'Claude', kind: 'custom', baseUrl: server.url, api: 'anthropic', apiKey: 'sk-test', apiKeyUrl: server.url },
      { id: 'local', name: 'Local', kind: 'custom', baseUrl: server.url },
    ],
  });
  await page.goto(appUrl);
  await composer(page).waitFor();
}

async function send(text: string) {
  await composer(page).fill(text);
  await composer(page).press('Enter');
}

/** The reply's text with each chip as ⟨n⟩: where the chips sit among the words. */
const chipText = () =>
  lastReply()
    .locator('.message-markdown')
    .evaluate((root) => {
      const clone = root.cloneNode(true) as HTMLElement;
      for (const chip of clone.querySelectorAll('.citation-chip')) chip.replaceWith(`⟨${chip.textContent}⟩`);
      return clone.textContent;
    });

/** Downloads the chat's export in `format` (the header's Export chat menu; a phone's Chat actions) and returns its text. */
async function exportChat(format: 'Markdown' | 'JSON', touch = false): Promise<string> {
  if (touch) await page.getByRole('button', { name: 'Chat actions' }).last().tap();
  else await page.getByRole('button', { name: 'Export chat' }).first().click();
  const item = page.getByRole('menuitem', { name: `Export as ${format}` });
  const [download] = await Promise.all([page.waitForEvent('download'), touch ? item.tap() : item.click()]);
  return readFile((await download.path())!, 'utf8');
}

describe('the provider searches (desktop, pointer, light)', () => {
  pagePerTest({ viewport: VIEWPORTS.desktop, colorScheme: 'light', onOpen: (opened) => ({ page } = opened) });

  it('Responses: the search step, three chips on the cited links, the Sources; hover names the source; a reload and the exports keep them', async () => {
    server.reset();
    await seed('oai/gpt-5');
    // Search on for new chats, in Settings → Search.
    await openSettingsSection(page, 'Search');
    await settingsDialog(page).getByRole('switch', { name: 'Search the web in new chats' }).click();
    await page.keyboard.press('Escape');
    await settingsDialog(page).waitFor({ state: 'hidden' });
    expect(await page.getByText('Search: OpenAI').count()).toBe(0);
    await send('What is the current Node.js LTS?');
    await page.waitForURL(/\/chat\/[^/]+$/);
    await expect.poll(() => chips().count()).toBe(3);
    const [request] = streamed('/responses');
    expect(request!.body.tools).toEqual([{ type: 'web_search' }]);
    // The composer says where queries go.
    await page.locator('.chat-composer__search').getByText('Search: OpenAI').waitFor();
    expect(await page.locator('.chat-composer__search').textContent()).toContain('Web search on: OpenAI searches');

    const expected = 'Node.js 24 became the Active LTS line in October 2025 ⟨1⟩. 🚀 It ships with npm 11 ⟨2⟩, and Node.js 20 reaches its end of life on 30 April 2026 ⟨3⟩.';
    const check = async () => {
      expect(await chipText()).toBe(expected);
      expect(await steps().getByRole('listitem').allTextContents()).toEqual(['Searched: “Node.js current LTS version npm end of life” · 4 results']);
      expect(await chips().evaluateAll((links) => links.map((a) => [a.getAttribute('href'), a.getAttribute('aria-label'), a.getAttribute('target')]))).toEqual([
        ['https://nodejs.org/en/blog/release/v24.11.0?utm_source=openai', 'Source 1: Node.js — Node.js v24.11.0 (LTS)', '_blank'],
        ['https://github.com/nodejs/node/releases?utm_source=openai', 'Source 2: Releases · nodejs/node', '_blank'],
        ['https://endoflife.date/nodejs?utm_source=openai', 'Source 3: Node.js | endoflife.date', '_blank'],
      ]);
      expect(await sources().getByRole('link').allTextContents()).toEqual([
        '1Node.js — Node.js v24.11.0 (LTS)nodejs.org',
        '2Releases · nodejs/nodegithub.com',
        '3Node.js | endoflife.dateendoflife.date',
      ]);
    };
    await check();
    // Hover: the title, the real domain.
    await chips().nth(1).hover();
    const bubble = page.getByRole('tooltip');
    await bubble.waitFor();
    expect(await bubble.textContent()).toContain('github.com');
    await page.screenshot({ path: `${SHOTS}/web-search-responses-desktop-light.png` });
    expect(await axeViolations(page)).toEqual([]);

    // Stored with the reply: a reload shows the same.
    await page.reload();
    await expect.poll(() => chips().count()).toBe(3);
    await check();

    const markdown = await exportChat('Markdown');
    expect(markdown).toContain('Node.js 24 became the Active LTS line in October 2025[^m2-1]. 🚀 It ships with npm 11[^m2-2], and Node.js 20 reaches its end of life on 30 April 2026[^m2-3].');
    expect(markdown).toContain('[^m2-1]: [Node.js — Node.js v24.11.0 \\(LTS\\)](https://nodejs.org/en/blog/release/v24.11.0?utm_source=openai)');
    expect(markdown).toContain('[^m2-3]: [Node.js \\| endoflife.date](https://endoflife.date/nodejs?utm_source=openai)');
    const json = JSON.parse(await exportChat('JSON'));
    const reply = JSON.stringify(json);
    expect(reply).toContain('"citations"');
    expect(reply).toContain('https://endoflife.date/nodejs?utm_source=openai');
    expect(reply).toContain('"searches"');
  }, JOURNEY_TIMEOUT_MS);

  it('Anthropic: the server tool’s search as a step, cited text blocks with chips after them, the Sources; Chat Completions’ annotations too, with no search asked for', async () => {
    server.reset();
    await seed('claude/claude-sonnet-4-6');
    await send('Is Node 20 still supported?');
    await page.waitForURL(/\/chat\/[^/]+$/);
    await expect.poll(() => streamed('/messages').length).toBe(1);
    // Search is off by default: nothing about search in the request, and the recorded reply still shows its citations.
    const [first] = streamed('/messages');
    expect(JSON.stringify(first!.body.tools ?? [])).not.toContain('web_search');
    await expect.poll(() => chips().count()).toBeGreaterThan(0);
    // The text before the search and the answer after it are two paragraphs; each cited block's chip follows its words.
    expect(await lastReply().locator('.message-markdown p').count()).toBe(2);
    expect(await chipText()).toBe(
      "I'll search for the latest Claude model.Here is what I found. Claude Sonnet 4.5 was released on 29 September 2025⟨1⟩, and it is listed among the current models in Anthropic’s documentation⟨2⟩.",
    );
    expect(await steps().getByRole('listitem').allTextContents()).toEqual(['Searched: “latest Claude model release” · 3 results']);
    expect(await sources().getByRole('link').allTextContents()).toEqual([
      '1Introducing Claude Sonnet 4.5anthropic.com',
      '2Models overview - Claude Docsdocs.claude.com',
      '3Claude (language model) - Wikipediaen.wikipedia.org',
    ]);

    // Turned on for this chat in the Tools menu: the next request asks for the server tool.
    await page.getByRole('button', { name: 'Tools', exact: true }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Web search' }).click();
    await page.keyboard.press('Escape');
    await page.locator('.chat-composer__search').getByText('Search: Anthropic').waitFor();
    await send('And Node 22?');
    await expect.poll(() => streamed('/messages').length).toBe(2);
    expect(streamed('/messages')[1]!.body.tools).toEqual([{ type: 'web_search_20250305', name: 'web_search', max_uses: 5 }]);
    await expect.poll(() => page.getByRole('article', { name: 'Assistant' }).count()).toBe(2);
    await expect.poll(() => chips().count()).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);

    // Chat Completions: the annotations a search model sends become chips, though nothing asked for search.
    await page.goto(new URL('assets/seed.txt', appUrl).href);
    await seed('local/test-model');
    await send('An annotated answer, please');
    await page.waitForURL(/\/chat\/[^/]+$/);
    await expect.poll(() => chips().count()).toBeGreaterThan(0);
    const [cc] = streamed('/chat/completions');
    expect(cc!.body.plugins).toBeUndefined();
    expect(cc!.body.tools).toBeUndefined();
    expect(await chipText()).toBe('OpenRouter’s web plugin searches with Exa by default ⟨1⟩ and adds the results to the prompt ⟨2⟩.');
    expect(await sources().getByRole('link').allTextContents()).toEqual(['1Exa | Web Search API for AIexa.ai', '2Web Search | OpenRouter | Documentationopenrouter.ai']);
  }, JOURNEY_TIMEOUT_MS);
});

/** Settings → Search: the SearXNG address typed and saved, by touch or by keyboard. */
async function setSearxng(by: 'touch' | 'keyboard') {
  await page.keyboard.press('Control+,');
  const dialog = settingsDialog(page);
  const section = dialog.getByRole('region', { name: 'Search' });
  const button = dialog.getByRole('button', { name: 'Search', exact: true });
  if (by === 'touch') await button.tap();
  else {
    await button.focus();
    await page.keyboard.press('Enter');
  }
  await section.waitFor();
  const field = section.getByRole('textbox', { name: 'SearXNG address' });
  if (by === 'touch') {
    await field.tap();
    await field.fill(searxng.url);
    await section.getByRole('button', { name: 'Save' }).tap();
  } else {
    await field.focus();
    await page.keyboard.type(searxng.url);
    await page.keyboard.press('Enter');
  }
  await section.getByText(`Searches go to ${searxng.url}`).waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
}

describe('your own SearXNG, on a phone (390×844, touch, dark)', () => {
  pagePerTest({ viewport: VIEWPORTS.phone, hasTouch: true, isMobile: true, colorScheme: 'dark', onOpen: (opened) => ({ page } = opened) });

  it('search off sends nothing to it; on, the model’s web_search is answered, and the reply’s [1] [2] are the right results', async () => {
    server.reset();
    searxng.reset();
    await seed('local/test-model');
    await setSearxng('touch');
    // Off (the default): no tool offered, nothing to the search server.
    await composer(page).fill('Hello there');
    await page.getByRole('button', { name: 'Send message' }).tap();
    await page.waitForURL(/\/chat\/[^/]+$/);
    await lastReply().getByText('A plain answer, no search.').waitFor();
    expect(streamed('/chat/completions')[0]!.body.tools).toBeUndefined();
    expect(searxng.requests).toEqual([]);

    // On for this chat, from the Tools menu: the composer says where queries go.
    await page.getByRole('button', { name: 'Tools', exact: true }).tap();
    await page.getByRole('menuitemcheckbox', { name: 'Web search' }).tap();
    await page.keyboard.press('Escape');
    const host = new URL(searxng.url).host;
    await page.locator('.chat-composer__search').getByText(`Search: ${host}`).waitFor();
    await composer(page).fill('What is the Node.js LTS?');
    await page.getByRole('button', { name: 'Send message' }).tap();

    // Asked, searched (no approval card: the switch said yes), answered with [1] [2] as chips.
    await expect.poll(() => chips().count(), { timeout: 30_000 }).toBe(2);
    const offered = streamed('/chat/completions')[1]!.body.tools.map((tool: { function: { name: string } }) => tool.function.name);
    expect(offered).toEqual(['web_search']);
    expect(searxng.requests.map((r) => [r.path, r.query.q, r.query.format])).toEqual([['/search', 'node.js lts', 'json']]);
    expect(await chipText()).toBe('Node.js 24 is the active LTS line ⟨1⟩, and its releases are listed on GitHub ⟨2⟩.');
    expect(await chips().evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([SEARXNG_RESULTS[0]!.url, SEARXNG_RESULTS[1]!.url]);
    // The model read the numbered results.
    const toolMessage = streamed('/chat/completions')[2]!.body.messages.find((m: { role: string }) => m.role === 'tool');
    expect(toolMessage.content).toContain(`[1] ${SEARXNG_RESULTS[0]!.title} — ${SEARXNG_RESULTS[0]!.url}`);
    // The search shows as a step of its own.
    await page.getByText('Searched: “node.js lts” · 8 results').waitFor();

    // Stored with the reply once it finished (not only worked out on screen): the JSON export holds them.
    await expect
      .poll(async () => {
        const messages = JSON.parse(await exportChat('JSON', true)).messages as { role: string; citations?: { url: string }[] }[];
        return messages.find((m) => m.role === 'assistant' && m.citations)?.citations?.map((c) => c.url);
      })
      .toEqual([SEARXNG_RESULTS[0]!.url, SEARXNG_RESULTS[1]!.url]);
    await page.keyboard.press('Escape');
    await page.screenshot({ path: `${SHOTS}/web-search-searxng-phone-dark.png` });
    expect(await axeViolations(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toEqual({ overflow: 0, culprits: [] });
    await checkTouchTargets(page, 'a reply with sources', '.reply-sources');
  }, JOURNEY_TIMEOUT_MS);
});

describe('your own SearXNG by keyboard alone (desktop, dark)', () => {
  pagePerTest({ viewport: VIEWPORTS.desktop, colorScheme: 'dark', onOpen: (opened) => ({ page } = opened) });

  it('turned on from the Tools menu by keys; a failing search says why and the model is told; the chips are reached with Tab and show their source on focus', async () => {
    server.reset();
    searxng.reset();
    await seed('local/test-model');
    await setSearxng('keyboard');
    await send('Hello');
    await page.waitForURL(/\/chat\/[^/]+$/);
    await lastReply().getByText('A plain answer, no search.').waitFor();

    // The Tools menu by keyboard: Web search is its last item.
    await page.getByRole('button', { name: 'Tools', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu', { name: 'Tools' }).waitFor();
    await page.keyboard.press('End');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Web search');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await page.locator('.chat-composer__search').waitFor();

    // JSON output off at the instance: the search fails, the step says why, and the model is told.
    searxng.setMode('json-off');
    await composer(page).focus();
    await send('What is the Node.js LTS?');
    await page.getByText('Result of web_search: error').waitFor({ timeout: 30_000 });
    await expect.poll(() => streamed('/chat/completions').length).toBe(3);
    const told = streamed('/chat/completions')[2]!.body.messages.find((m: { role: string }) => m.role === 'tool');
    expect(told.content).toMatch(/^The search failed\. SearXNG answers 403 Forbidden to format=json/);
    await lastReply().getByText(/Node\.js 24 is the active LTS line/).waitFor();

    // Working again: the next question gets chips, already while the answer streams, reached by Tab, each showing its source on focus.
    searxng.setMode('working');
    await composer(page).focus();
    await send('Slowly, again?');
    await expect.poll(() => chips().count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await lastReply().getAttribute('data-state')).toBe('streaming');
    await expect.poll(() => lastReply().getAttribute('data-state'), { timeout: 30_000 }).toBe('complete');
    expect(await chips().count()).toBe(2);
    await chips().first().focus();
    const bubble = page.getByRole('tooltip');
    await bubble.waitFor();
    expect(await bubble.textContent()).toContain(new URL(SEARXNG_RESULTS[0]!.url).hostname.replace(/^www\./, ''));
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-citation'))).toBe('2');
    await page.screenshot({ path: `${SHOTS}/web-search-searxng-desktop-dark.png` });
    expect(await axeViolations(page)).toEqual([]);
  }, JOURNEY_TIMEOUT_MS);
});
