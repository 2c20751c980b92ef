import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startMcpServer, type RunningMcpServer } from '../support/mcp-server/index.mjs';
import { anthropicStream, responsesStream, startOpenAiServer, type OpenAiServer, type RecordedRequest } from '../support/openai-server/index.mjs';
import { seedConnection } from '../support/seed-connection.mjs';
import { composer } from './connected-app';
import { openSettingsSection, settingsDialog, settingsSectionButton } from './locators';
import { pagePerTest } from './page-per-test';
import { axeViolations } from './screen-checks';
import { addMcpServer, toolsSection } from './tools-app';

// Issue 27 in Chromium: one chat that talks to Anthropic's Messages API (thinking, a tool call
// approved, a picture), then to OpenAI's Responses API (a reasoning summary, a tool call), then
// to Anthropic again, each request asserted whole; and Settings → Connections at phone size,
// by keyboard only: the Anthropic preset, its test, and a wrong format named with its fix.
const appUrl = inject('appUrl');
const KEY = 'sk-ant-e2e-key';
const SHOTS = '/tmp/shots';
/** The journey makes seven requests and two tool calls: more than the default 30 s on two busy cores. */
const JOURNEY_TIMEOUT_MS = 60_000;
const PICTURE = fileURLToPath(new URL('../fixtures/attachments/transparent.png', import.meta.url));

let server: OpenAiServer;
/** An OpenAI-compatible server whose CORS preflight allows OpenAI's headers only, not Anthropic's (issue 33). */
let openAiOnly: OpenAiServer;
let anthropicOnly: OpenAiServer;
let mcp: RunningMcpServer;
let page: Page;

const textOf = (content: unknown): string =>
  typeof content === 'string' ? content : Array.isArray(content) ? content.filter((p) => p?.type === 'text' || p?.type === 'input_text').map((p) => p.text).join('') : '';
const echoName = (body: { tools?: { name?: string }[] }) => (body.tools ?? []).map((t) => t.name).find((name) => name?.endsWith('__echo'));

/** The scripted provider: Anthropic on /v1/messages, Responses on /v1/responses, in each one's own events. */
function provider(request: RecordedRequest) {
  const body = request.body;
  const anthropic = request.path.endsWith('/messages');
  if (!body.stream) {
    return anthropic
      ? { status: 200, json: { id: 'msg_t', type: 'message', role: 'assistant', content: [{ type: 'text', text: 'Native chat' }], stop_reason: 'end_turn', usage: { input_tokens: 3, output_tokens: 2 } } }
      : { status: 200, json: { id: 'resp_t', object: 'response', status: 'completed', output: [{ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Native chat', annotations: [] }] }] } };
  }
  const tool = echoName(body);
  if (anthropic) {
    const last = body.messages.at(-1);
    const result = last.content.find((block: { type: string }) => block.type === 'tool_result');
    if (result) return anthropicStream({ text: `Claude read: ${result.content}` });
    if (textOf(last.content) === 'call echo' && tool) {
      return anthropicStream({ thinking: 'The user wants the echo tool.', signature: 'sig-tool', toolCalls: [{ id: 'toolu_e2e', name: tool, arguments: '{"text":"from Claude"}' }] });
    }
    return anthropicStream({ thinking: 'A small square picture.', signature: 'sig-look', text: `Claude saw: ${textOf(last.content)}` });
  }
  const last = body.input.at(-1);
  if (last.type === 'function_call_output') return responsesStream({ text: `Responses read: ${last.output}` });
  if (textOf(last.content) === 'call echo' && tool) {
    return responsesStream({ summary: 'Planning the call.', toolCalls: [{ id: 'call_e2e', name: tool, arguments: '{"text":"from Responses"}' }], reasoningTokens: 4 });
  }
  return responsesStream({ summary: 'Nothing to plan.', text: 'Responses says hello.' });
}

beforeAll(async () => {
  server = await startOpenAiServer({ apiKey: KEY, models: ['claude-sonnet-4-6', 'o4-mini'], script: provider });
  anthropicOnly = await startOpenAiServer({ apiKey: KEY, speaks: ['anthropic'], models: ['claude-opus-4-6', 'claude-sonnet-4-6'] });
  openAiOnly = await startOpenAiServer({ speaks: ['openai'], allowedHeaders: 'Authorization, Content-Type, Accept' });
  mcp = await startMcpServer();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await Promise.all([server?.close(), anthropicOnly?.close(), openAiOnly?.close(), mcp?.close()]);
});

const streamed = (suffix: string) => server.requests.filter((r) => r.method === 'POST' && r.path.endsWith(suffix) && r.body?.stream);
const lastReply = () => page.getByRole('article', { name: 'Assistant' }).last();
const pending = () => page.locator('.tool-call[data-state="pending"]');

async function send(text: string) {
  await composer(page).fill(text);
  await composer(page).press('Enter');
}

/** Picks a model of one connection in the chat's model picker. */
async function pickModel(connection: string, model: string) {
  await page.getByRole('button', { name: /^Model / }).first().click();
  const listbox = page.getByRole('listbox', { name: 'Models' });
  await listbox.getByRole('group', { name: connection }).getByRole('option', { name: model }).click();
  await page.getByRole('button', { name: new RegExp(`^Model ${model}`) }).first().waitFor();
}

describe('one chat across Anthropic Messages and OpenAI Responses (1366×860, pointer)', () => {
  pagePerTest({ viewport: { width: 1366, height: 860 }, onOpen: (opened) => ({ page } = opened) });

  it('thinking, an approved tool call and a picture with Claude; a reasoning summary and a tool call with Responses; back to Claude; each request in its own shape', async () => {
    server.reset();
    mcp.reset();
    await page.goto(new URL('assets/seed.txt', appUrl).href);
    await page.evaluate(seedConnection, {
      model: 'claude/claude-sonnet-4-6',
      connections: [
        { id: 'claude', name: 'Claude', kind: 'custom', baseUrl: server.url, api: 'anthropic', apiKey: KEY, apiKeyUrl: server.url },
        { id: 'oai', name: 'OpenAI Responses', kind: 'openai', baseUrl: server.url, api: 'responses', apiKey: KEY, apiKeyUrl: server.url },
      ],
    });
    await page.goto(appUrl);
    await composer(page).waitFor();
    await openSettingsSection(page, 'Tools');
    await addMcpServer(page, 'Test tools', mcp.url);
    await toolsSection(page).getByRole('list', { name: 'Tools of Test tools' }).waitFor();
    await page.keyboard.press('Escape');
    await settingsDialog(page).waitFor({ state: 'hidden' });

    // A picture and a question, to Claude.
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Attach files' }).click();
    await (await chooser).setFiles([PICTURE]);
    await page.getByText('transparent.png').waitFor();
    await send('What is this?');
    await page.waitForURL(/\/chat\/[^/]+$/);
    await lastReply().getByText('Claude saw: What is this?').waitFor();
    const thought = lastReply().locator('details');
    await thought.locator('summary').click();
    expect(await lastReply().locator('.reasoning__text').textContent()).toBe('A small square picture.');
    const [first] = streamed('/v1/messages');
    expect(first!.headers).toMatchObject({ 'x-api-key': KEY, 'anthropic-version': '2023-06-01', 'anthropic-dangerous-direct-browser-access': 'true' });
    expect(first!.headers.authorization).toBeUndefined();
    const picture = first!.body.messages[0].content[1];
    expect(picture).toMatchObject({ type: 'image', source: { type: 'base64', media_type: expect.stringMatching(/^image\//) } });
    expect(picture.source.data).toMatch(/^[A-Za-z0-9+/]+=*$/);

    // Chat settings: a thinking budget, the one setting of its own Anthropic takes (Responses'
    // reasoning effort is not offered to a chat with Claude: issue 33); tools on.
    await page.locator('.chat-header__actions').getByRole('button', { name: 'Chat settings' }).click();
    const chatSettings = page.getByRole('dialog', { name: 'Chat settings' });
    await chatSettings.getByLabel('Thinking budget (Anthropic)').fill('2048');
    expect(await chatSettings.getByLabel('Reasoning effort (OpenAI Responses)').count()).toBe(0);
    await chatSettings.getByRole('button', { name: 'Save', exact: true }).click();
    await chatSettings.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Tools', exact: true }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Test tools' }).click();
    await page.keyboard.press('Escape');

    // Claude thinks, calls the tool; the user approves; the thinking goes back with its signature.
    await send('call echo');
    await pending().getByRole('button', { name: 'Approve' }).click();
    await lastReply().getByText('Claude read: from Claude').waitFor();
    const tool = echoName(streamed('/v1/messages').at(-1)!.body)!;
    const claudeTurns = [
      { role: 'user', content: [{ type: 'text', text: 'What is this?' }, picture] },
      { role: 'assistant', content: [{ type: 'text', text: 'Claude saw: What is this?' }] },
      { role: 'user', content: [{ type: 'text', text: 'call echo' }] },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'The user wants the echo tool.', signature: 'sig-tool' },
          { type: 'tool_use', id: 'toolu_e2e', name: tool, input: { text: 'from Claude' } },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_e2e', content: 'from Claude' }] },
    ];
    const afterTool = streamed('/v1/messages').at(-1)!.body;
    expect(afterTool).toEqual({
      model: 'claude-sonnet-4-6',
      max_tokens: 2048 + 4096,
      messages: claudeTurns,
      tools: afterTool.tools,
      thinking: { type: 'enabled', budget_tokens: 2048 },
      stream: true,
    });
    expect(afterTool.tools.find((t: { name: string }) => t.name === tool)).toMatchObject({ input_schema: { type: 'object', required: ['text'] } });

    // The same chat, now to the Responses API: a reasoning summary and a tool call, with the
    // reasoning effort its settings now offer (and the thinking budget they no longer show).
    await pickModel('OpenAI Responses', 'o4-mini');
    await page.locator('.chat-header__actions').getByRole('button', { name: 'Chat settings' }).click();
    await chatSettings.getByLabel('Reasoning effort (OpenAI Responses)').selectOption('low');
    expect(await chatSettings.getByLabel('Thinking budget (Anthropic)').count()).toBe(0);
    await chatSettings.getByRole('button', { name: 'Save', exact: true }).click();
    await chatSettings.waitFor({ state: 'hidden' });
    await send('call echo');
    await pending().getByRole('button', { name: 'Approve' }).click();
    await lastReply().getByText('Responses read: from Responses').waitFor();
    const responsesRequests = streamed('/v1/responses');
    expect(responsesRequests.at(-1)!.headers.authorization).toBe(`Bearer ${KEY}`);
    const pictureUrl = `data:${picture.source.media_type};base64,${picture.source.data}`;
    const responsesTurns = [
      { role: 'user', content: [{ type: 'input_text', text: 'What is this?' }, { type: 'input_image', image_url: pictureUrl }] },
      { role: 'assistant', content: 'Claude saw: What is this?' },
      { role: 'user', content: 'call echo' },
      { type: 'function_call', call_id: 'toolu_e2e', name: tool, arguments: '{"text":"from Claude"}' },
      { type: 'function_call_output', call_id: 'toolu_e2e', output: 'from Claude' },
      { role: 'assistant', content: 'Claude read: from Claude' },
      { role: 'user', content: 'call echo' },
      { type: 'function_call', call_id: 'call_e2e', name: tool, arguments: '{"text":"from Responses"}' },
      { type: 'function_call_output', call_id: 'call_e2e', output: 'from Responses' },
    ];
    const last = responsesRequests.at(-1)!.body;
    // Claude's thinking (and its signature) is not Responses' to read: it is left out.
    expect(last).toEqual({ model: 'o4-mini', input: responsesTurns, tools: last.tools, reasoning: { effort: 'low', summary: 'auto' }, store: false, stream: true });
    expect(last.tools.find((t: { name: string }) => t.name === tool)).toMatchObject({ type: 'function', strict: false });
    const callReply = page.getByRole('article', { name: 'Assistant' }).nth(-2);
    await callReply.locator('details').filter({ has: page.locator('.reasoning__text') }).locator('summary').click();
    expect(await callReply.locator('.reasoning__text').textContent()).toBe('Planning the call.');

    // Back to Claude: Responses' call goes as tool_use / tool_result; Claude's own thinking still with its call.
    await pickModel('Claude', 'claude-sonnet-4-6');
    await send('thanks');
    await lastReply().getByText('Claude saw: thanks').waitFor();
    expect(streamed('/v1/messages').at(-1)!.body.messages).toEqual([
      ...claudeTurns,
      { role: 'assistant', content: [{ type: 'text', text: 'Claude read: from Claude' }] },
      { role: 'user', content: [{ type: 'text', text: 'call echo' }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'call_e2e', name: tool, input: { text: 'from Responses' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_e2e', content: 'from Responses' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Responses read: from Responses' }] },
      { role: 'user', content: [{ type: 'text', text: 'thanks' }] },
    ]);

    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await axeViolations(page, '.thread')).toEqual([]);
    }
    await page.screenshot({ path: path.join(SHOTS, 'native-apis-chat-desktop.png') });
  }, JOURNEY_TIMEOUT_MS);
});

describe('Settings → Connections for Anthropic at 390×844 (touch profile, keyboard only, dark)', () => {
  pagePerTest({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, colorScheme: 'dark', onOpen: (opened) => ({ page } = opened) });

  it('the Anthropic preset, its key and Test connection; set to OpenAI-compatible, Test connection names Anthropic’s API and the format to choose', async () => {
    await page.goto(appUrl);
    await composer(page).waitFor();
    await page.keyboard.press('Control+,');
    const settings = settingsDialog(page);
    await settings.waitFor();
    await settingsSectionButton(page, 'Connections and models').focus();
    await page.keyboard.press('Enter');
    const add = settings.getByRole('button', { name: 'Add connection' });
    await add.focus();
    await page.keyboard.press('Enter');
    const preset = page.getByRole('menuitem', { name: 'Anthropic (https://api.anthropic.com/v1)' });
    await preset.waitFor();
    while (!(await preset.evaluate((el) => el === document.activeElement))) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const format = settings.getByLabel('API format');
    await expect.poll(() => format.inputValue()).toBe('anthropic');
    const address = settings.getByRole('textbox', { name: 'Base URL' });
    await address.focus();
    await page.keyboard.press('Control+a');
    await page.keyboard.type(anthropicOnly.url);
    await page.keyboard.press('Tab');
    await page.keyboard.type(KEY);
    const test = settings.getByRole('button', { name: 'Test connection' });
    await test.focus();
    await page.keyboard.press('Enter');
    const result = settings.locator('.test-result');
    await expect.poll(() => result.getAttribute('data-state')).toBe('ok');
    expect(await result.getByRole('list', { name: 'Models' }).getByRole('listitem').allTextContents()).toEqual(['claude-opus-4-6', 'claude-sonnet-4-6']);
    await page.screenshot({ path: path.join(SHOTS, 'native-apis-settings-390.png') });
    expect(await axeViolations(page, settings)).toEqual([]);

    // The wrong format for this address: said, with the one to choose.
    await format.focus();
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => format.inputValue()).toBe('');
    await test.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => result.getAttribute('data-state')).toBe('failed');
    expect(await result.locator('.test-result__title').textContent()).toBe('This is Anthropic’s API');
    expect(await result.locator('.test-result__fix').textContent()).toContain('set this connection’s API format to “Anthropic Messages”');
    expect(await axeViolations(page, settings)).toEqual([]);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: path.join(SHOTS, 'native-apis-wrong-format-390.png') });

    // Back to Anthropic Messages, and a chat with Claude at this size, by keyboard: its thinking shown as reasoning.
    anthropicOnly.setScript(() => anthropicStream({ thinking: 'Weighing a short answer.', text: 'Hello from Claude.' }));
    await format.focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => format.inputValue()).toBe('anthropic');
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'hidden' });
    await composer(page).focus();
    await page.keyboard.type('Hi Claude');
    // On a touch screen Enter is a new line: the keyboard reaches Send instead.
    await page.getByRole('button', { name: 'Send message' }).focus();
    await page.keyboard.press('Enter');
    await lastReply().getByText('Hello from Claude.').waitFor();
    const summary = lastReply().locator('details summary');
    await summary.focus();
    await page.keyboard.press('Enter');
    expect(await lastReply().locator('.reasoning__text').textContent()).toBe('Weighing a short answer.');
    const sent = anthropicOnly.requests.filter((r) => r.path === '/v1/messages' && r.body?.stream).at(-1)!;
    expect(sent.body).toEqual({ model: 'claude-opus-4-6', max_tokens: 8192, messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi Claude' }] }], stream: true });
    expect(await axeViolations(page, '.thread')).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: path.join(SHOTS, 'native-apis-chat-390.png') });

    // Anthropic's format at an OpenAI-compatible server (issue 33): its preflight refuses Anthropic's
    // headers, so the browser never sends the request; Test connection still says what the server speaks.
    await page.keyboard.press('Control+,');
    await settings.waitFor();
    if (await settingsSectionButton(page, 'Connections and models').isVisible()) {
      await settingsSectionButton(page, 'Connections and models').focus();
      await page.keyboard.press('Enter');
    }
    await add.focus();
    await page.keyboard.press('Enter');
    await preset.waitFor();
    while (!(await preset.evaluate((el) => el === document.activeElement))) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    // The new connection is the one open: the first one's fields are folded away.
    await expect.poll(() => format.inputValue()).toBe('anthropic');
    await address.focus();
    await page.keyboard.press('Control+a');
    await page.keyboard.type(openAiOnly.url);
    await page.keyboard.press('Tab');
    await page.keyboard.type('sk-ant-not-for-this-server');
    await test.focus();
    await page.keyboard.press('Enter');
    const mismatch = result;
    await expect.poll(() => mismatch.getAttribute('data-state')).toBe('failed');
    expect(await mismatch.locator('.test-result__title').textContent()).toBe('This server speaks Chat Completions');
    expect(await mismatch.locator('.test-result__fix').textContent()).toContain('set this connection’s API format to “OpenAI-compatible (Chat Completions)”');
    expect(await mismatch.textContent()).not.toMatch(/CORS/);
    // The browser refused Anthropic's request at its preflight: what reached the server carried no key
    // (the no-cors probe, and the plain GET that read the model list in OpenAI's shape).
    const reached = openAiOnly.requests.filter((r) => r.method !== 'OPTIONS');
    expect(reached.length).toBeGreaterThan(0);
    expect(reached.filter((r) => r.method !== 'GET' || r.path !== '/v1/models' || r.headers['x-api-key'] !== undefined)).toEqual([]);
    expect(await axeViolations(page, settings)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'native-apis-speaks-chat-completions-390.png') });
  }, JOURNEY_TIMEOUT_MS);
});
