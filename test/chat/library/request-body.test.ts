// @vitest-environment node
// Issue 23: the exact request body in each combination of standing instructions (on/off), a
// project with instructions and a file, a preset, a chat's own settings and the defaults,
// through a real chat store to the real OpenAI-compatible test server (and the real MCP test
// server for the tools). The system message's order: instructions → project → chat.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChatStore, CreateChatInput } from '../../../src/chat';
import { createLibraryStore, presetPatch, type LibraryStore } from '../../../src/chat/library';
import { createOpenAiModel } from '../../../src/chat/chat-completions';
import { resetToolSettings } from '../../../src/chat/mcp';
import { closeToolConnections } from '../../../src/chat/tools/tool-replies';
import { createToolSettingsStore } from '../../../src/chat/mcp/tool-settings';
import { startMcpServer, TOOLS, type RunningMcpServer } from '../../support/mcp-server/index.mjs';
import { startOpenAiServer, textStream, type OpenAiServer } from '../../support/openai-server/index.mjs';
import { disposeStores, idle, makeStore } from '../store-harness';
import { memoryLibraryIo } from './memory-library-io';

let openai: OpenAiServer;
let mcp: RunningMcpServer;
let serverId: string;
let library: LibraryStore;

beforeAll(async () => {
  [openai, mcp] = await Promise.all([startOpenAiServer({ script: textStream('ok') }), startMcpServer()]);
});
afterAll(() => Promise.all([openai.close(), mcp.close()]));
beforeEach(async () => {
  const settings = createToolSettingsStore({ load: async () => undefined, save: async () => {} });
  resetToolSettings(settings);
  serverId = (await settings.addServer({ label: 'Files', url: mcp.url })).id;
  library = createLibraryStore({ io: memoryLibraryIo(), channel: null });
  await library.init();
});
afterEach(async () => {
  disposeStores();
  await closeToolConnections();
  resetToolSettings();
  openai.reset();
  openai.setScript(textStream('ok'));
});

const SEPARATOR = '\n\n---\n\n';
const INSTRUCTIONS = 'About the user:\nI am a paediatric nurse.\n\nHow to reply:\nShort answers, metric units.';
const ECHO_TOOL = {
  type: 'function',
  function: {
    name: 'files__echo',
    description: 'Returns the text it is given.',
    parameters: { type: 'object', properties: { text: { type: 'string', description: 'What to echo' } }, required: ['text'] },
  },
};

function store(): ChatStore {
  return makeStore({ model: createOpenAiModel({ baseUrl: openai.url }, { probe: null }), library }).store;
}

/** Starts a chat with `input` (after `then` changes it), lets its reply run, and returns the body the server got. */
async function bodyOf(input: Omit<CreateChatInput, 'text'>, then?: (store: ChatStore, chatId: string) => Promise<void>) {
  const chats = store();
  const { chatId } = await chats.createChat({ text: 'Hello', model: 'test-model', ...input });
  await then?.(chats, chatId);
  expect(chats.takePendingReply(chatId)).toBe(true);
  await idle(chats);
  const sent = openai.requests.filter((r) => r.path === '/v1/chat/completions' && r.body?.stream);
  expect(sent).toHaveLength(1);
  return sent[0]!.body as Record<string, unknown> & { messages: { role: string; content: unknown }[]; tools?: { function: { name: string } }[] };
}

/** The tools' names, as the request offers them. */
const toolNames = (body: { tools?: { function: { name: string } }[] }) => body.tools?.map((tool) => tool.function.name);

async function setDefaults() {
  await library.setDefaults({ systemPrompt: 'Default prompt.', temperature: 0.3, maxTokens: 300, toolServers: [serverId] });
}
async function writeInstructions() {
  await library.setInstructions({ about: 'I am a paediatric nurse.', style: 'Short answers, metric units.' });
}

describe('the request body (issue 23)', () => {
  it('nothing set: no system message, no sampling, no tools', async () => {
    const body = await bodyOf({});
    expect(body.messages).toEqual([{ role: 'user', content: 'Hello' }]);
    expect(body).not.toHaveProperty('temperature');
    expect(body).not.toHaveProperty('max_tokens');
    expect(body).not.toHaveProperty('tools');
  });

  it('the defaults: their system prompt, temperature, maximum tokens and tool servers', async () => {
    await setDefaults();
    const body = await bodyOf({});
    expect(body.messages).toEqual([
      { role: 'system', content: 'Default prompt.' },
      { role: 'user', content: 'Hello' },
    ]);
    expect(body.temperature).toBe(0.3);
    expect(body.max_tokens).toBe(300);
    // Every tool of the defaults' server, echo exactly as the OpenAI shape has it.
    expect(toolNames(body)).toEqual(TOOLS.map((tool: { name: string }) => `files__${tool.name}`));
    expect(body.tools![0]).toEqual(ECHO_TOOL);
  });

  it('instructions on: first, then the defaults’ system prompt', async () => {
    await writeInstructions();
    await setDefaults();
    const body = await bodyOf({});
    expect(body.messages[0]).toEqual({ role: 'system', content: `${INSTRUCTIONS}${SEPARATOR}Default prompt.` });
    expect(body.temperature).toBe(0.3);
    expect(body.max_tokens).toBe(300);
  });

  it('instructions switched off: kept, but not sent', async () => {
    await writeInstructions();
    await library.setInstructions({ enabled: false });
    await setDefaults();
    const body = await bodyOf({});
    expect(body.messages[0]).toEqual({ role: 'system', content: 'Default prompt.' });
  });

  it('a project with instructions and a file: instructions → project → its file → the chat’s prompt, the project’s settings over the defaults', async () => {
    await writeInstructions();
    await setDefaults();
    const project = await library.createProject({
      name: 'Ward',
      instructions: 'Answer for the children’s ward.',
      temperature: 0.1,
      toolServers: [],
      files: [{ id: 'f1', name: 'rota.txt', kind: 'text', size: 12, text: 'Mon: Ana\nTue: Ben', addedAt: 1 }],
    });
    const body = await bodyOf({ projectId: project.id, systemPrompt: 'Use the rota.' });
    expect(body.messages).toEqual([
      {
        role: 'system',
        content: `${INSTRUCTIONS}${SEPARATOR}Answer for the children’s ward.${SEPARATOR}Project files:\n\nFile: rota.txt\n\`\`\`\nMon: Ana\nTue: Ben\n\`\`\`${SEPARATOR}Use the rota.`,
      },
      { role: 'user', content: 'Hello' },
    ]);
    expect(body.temperature).toBe(0.1);
    expect(body.max_tokens).toBe(300);
    expect(body).not.toHaveProperty('tools');
  });

  it('a preset: its values copied into the chat, sent after the instructions', async () => {
    await writeInstructions();
    await setDefaults();
    const preset = await library.createPreset({ name: 'Careful', systemPrompt: 'Think step by step.', temperature: 0, maxTokens: 64, toolServers: [] });
    const body = await bodyOf({ settings: presetPatch(preset) });
    expect(body.messages[0]).toEqual({ role: 'system', content: `${INSTRUCTIONS}${SEPARATOR}Think step by step.` });
    expect(body.temperature).toBe(0);
    expect(body.max_tokens).toBe(64);
    expect(body).not.toHaveProperty('tools');
  });

  it('a preset edited later changes no chat started with it', async () => {
    const preset = await library.createPreset({ name: 'Careful', systemPrompt: 'Think step by step.', temperature: 0 });
    const body = await bodyOf({ settings: presetPatch(preset) }, async () => {
      await library.put({ ...preset, systemPrompt: 'Changed.', temperature: 1 });
    });
    expect(body.messages[0]).toEqual({ role: 'system', content: 'Think step by step.' });
    expect(body.temperature).toBe(0);
  });

  it('a chat’s own settings win over the defaults; instructions still go first', async () => {
    await writeInstructions();
    await setDefaults();
    const body = await bodyOf({}, (chats, chatId) => chats.updateChatSettings(chatId, { systemPrompt: 'Mine.', temperature: 1.2, maxTokens: 50, toolServers: [] }));
    expect(body.messages).toEqual([
      { role: 'system', content: `${INSTRUCTIONS}${SEPARATOR}Mine.` },
      { role: 'user', content: 'Hello' },
    ]);
    expect(body.temperature).toBe(1.2);
    expect(body.max_tokens).toBe(50);
    expect(body).not.toHaveProperty('tools');
  });

  it('instructions alone (no prompt anywhere): the instructions are the whole system message', async () => {
    await writeInstructions();
    const body = await bodyOf({});
    expect(body.messages[0]).toEqual({ role: 'system', content: INSTRUCTIONS });
    expect(body).not.toHaveProperty('temperature');
  });
});
