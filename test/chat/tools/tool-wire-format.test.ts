// @vitest-environment node
// Tools on the wire (issue 16): the request's `tools`, an assistant turn's `tool_calls`, `tool`
// results, exactly as the real OpenAI-compatible test server receives them.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Chat, Message } from '../../../src/chat';
import { alternateRoles } from '../../../src/chat/replies/continue-request';
import { modelMessages } from '../../../src/chat/model/model-messages';
import { createOpenAiModel } from '../../../src/chat/chat-completions';
import { toolCatalogue } from '../../../src/chat/tools';
import { startOpenAiServer, textStream, type OpenAiServer } from '../../support/openai-server/index.mjs';
import { TOOLS } from '../../support/mcp-server/index.mjs';

let server: OpenAiServer;
beforeAll(async () => {
  server = await startOpenAiServer({ script: textStream('ok') });
});
afterAll(() => server.close());
afterEach(() => server.reset());

const chat: Chat = { id: 'c', title: 't', titleSource: 'auto', createdAt: 0, updatedAt: 0, pinned: false, toolServers: ['s1'] };
const message = (id: string, parentId: string | null, fields: Partial<Message>): Message => ({
  id,
  chatId: 'c',
  parentId,
  role: 'user',
  content: '',
  status: 'complete',
  createdAt: 0,
  ...fields,
});

const thread: Message[] = [
  message('u', null, { content: 'Echo hi and bye' }),
  message('a', 'u', {
    role: 'assistant',
    finishReason: 'tool_calls',
    toolCalls: [
      { index: 0, id: 'call_1', name: 'files__echo', arguments: '{"text":"hi"}', state: 'done' },
      { index: 1, id: 'call_2', name: 'files__echo', arguments: '{"text":"bye"}', state: 'denied' },
    ],
  }),
  message('t1', 'a', { role: 'tool', toolCallId: 'call_1', content: 'hi' }),
  message('t2', 't1', { role: 'tool', toolCallId: 'call_2', content: 'The user denied it.', isError: true }),
];

async function send(messages: ReturnType<typeof modelMessages>, tools?: ReturnType<typeof toolCatalogue>['tools']) {
  const model = createOpenAiModel({ baseUrl: server.url }, { probe: null });
  for await (const _ of model.stream({ model: 'test-model', messages: alternateRoles(messages), signal: new AbortController().signal, tools })) {
    // Only the request matters here.
  }
  return server.requests.filter((r) => r.path === '/v1/chat/completions').at(-1)!.body;
}

describe('tools on the wire', () => {
  it('offers the tools and sends calls and results in the OpenAI shape, in order', async () => {
    const { tools } = toolCatalogue([{ serverId: 's1', label: 'Files', tools: TOOLS.slice(0, 1) }]);
    const body = await send(modelMessages(chat, thread), tools);
    expect(body.tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'files__echo',
          description: 'Returns the text it is given.',
          parameters: { type: 'object', properties: { text: { type: 'string', description: 'What to echo' } }, required: ['text'] },
        },
      },
    ]);
    expect(body.messages).toEqual([
      { role: 'user', content: 'Echo hi and bye' },
      {
        role: 'assistant',
        content: '',
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'files__echo', arguments: '{"text":"hi"}' } },
          { id: 'call_2', type: 'function', function: { name: 'files__echo', arguments: '{"text":"bye"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: 'hi' },
      { role: 'tool', tool_call_id: 'call_2', content: 'The user denied it.' },
    ]);
  });

  it('sends no `tools` field when none are offered', async () => {
    const body = await send(modelMessages(chat, thread.slice(0, 1)), []);
    expect(body).not.toHaveProperty('tools');
    expect(body.messages).toEqual([{ role: 'user', content: 'Echo hi and bye' }]);
  });

  it('leaves out calls that were never answered (stopped), and the empty turn that only made them', async () => {
    const stopped = [
      thread[0]!,
      { ...thread[1]!, toolCalls: thread[1]!.toolCalls!.map((call) => ({ ...call, state: 'cancelled' as const })) },
      message('u2', 'a', { content: 'Never mind' }),
    ];
    const body = await send(modelMessages(chat, stopped));
    expect(body.messages).toEqual([{ role: 'user', content: 'Echo hi and bye\n\nNever mind' }]);
  });
});
