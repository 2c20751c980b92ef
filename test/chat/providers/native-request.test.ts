// Issue 27: each request is built from the one message tree in its target's own shape.
import { describe, expect, it } from 'vitest';
import type { ChatModelMessage } from '../../../src/chat/model';
import { modelMessages } from '../../../src/chat/model/model-messages';
import { wireMessage } from '../../../src/chat/chat-completions/openai-model';
import { ANTHROPIC_DEFAULT_MAX_TOKENS, anthropicBody, ANSWER_TOKENS_ABOVE_BUDGET } from '../../../src/chat/anthropic/anthropic-request';
import { responsesBody } from '../../../src/chat/responses/responses-request';
import type { Chat, Message } from '../../../src/chat';
import type { OpenAiTool } from '../../../src/chat/tools';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const SIGNATURE = 'EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds';
const tool: OpenAiTool = { type: 'function', function: { name: 'get_weather', description: 'The weather of a place', parameters: { type: 'object', properties: { location: { type: 'string' } } } } };

/** A chat that went: a question with a picture (Claude thought, then called a tool), the result, Claude's answer, then a question to another provider. */
function tree(): { chat: Chat; path: Message[] } {
  const base = { chatId: 'c', status: 'complete' as const, createdAt: 1 };
  const path: Message[] = [
    { ...base, id: 'u1', parentId: null, role: 'user', content: 'What is the weather in Paris?', attachments: [] },
    {
      ...base,
      id: 'a1',
      parentId: 'u1',
      role: 'assistant',
      content: 'Let me check.',
      reasoning: 'The user wants the weather; I should call the tool.',
      thinkingBlocks: [{ type: 'thinking', thinking: 'The user wants the weather; I should call the tool.', signature: SIGNATURE }],
      toolCalls: [{ index: 1, id: 'toolu_01', name: 'get_weather', arguments: '{"location":"Paris"}', state: 'done' }],
      model: 'anthropic/claude-sonnet-4-6',
    },
    { ...base, id: 't1', parentId: 'a1', role: 'tool', content: '18 °C, cloudy', toolCallId: 'toolu_01' },
    { ...base, id: 'a2', parentId: 't1', role: 'assistant', content: 'It is 18 °C and cloudy in Paris.', reasoning: 'Report it.', model: 'anthropic/claude-sonnet-4-6' },
    { ...base, id: 'u2', parentId: 'a2', role: 'user', content: 'And tomorrow?' },
  ];
  const chat = { id: 'c', title: 't', titleSource: 'user', createdAt: 1, updatedAt: 1, pinned: false, systemPrompt: 'Be brief.' } as Chat;
  return { chat, path };
}

/** The thread as the request builders get it, with a picture on the first question. */
function thread(): ChatModelMessage[] {
  const { chat, path } = tree();
  const messages = modelMessages(chat, path);
  messages[1] = { ...messages[1]!, content: [{ type: 'text', text: 'What is the weather in Paris?' }, { type: 'image_url', image_url: { url: PNG } }] };
  return messages;
}

describe('Anthropic Messages requests', () => {
  it('puts the system prompt in `system`, sends pictures as base64 image blocks, and the thinking block with its signature, unchanged, ahead of the call it led to', () => {
    const body = anthropicBody({ model: 'claude-sonnet-4-6', messages: thread(), tools: [tool] }, { stream: true });
    expect(body).toEqual({
      model: 'claude-sonnet-4-6',
      max_tokens: ANTHROPIC_DEFAULT_MAX_TOKENS,
      system: 'Be brief.',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is the weather in Paris?' },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
          ],
        },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'The user wants the weather; I should call the tool.', signature: SIGNATURE },
            { type: 'text', text: 'Let me check.' },
            { type: 'tool_use', id: 'toolu_01', name: 'get_weather', input: { location: 'Paris' } },
          ],
        },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01', content: '18 °C, cloudy' }] },
        { role: 'assistant', content: [{ type: 'text', text: 'It is 18 °C and cloudy in Paris.' }] },
        { role: 'user', content: [{ type: 'text', text: 'And tomorrow?' }] },
      ],
      tools: [{ name: 'get_weather', description: 'The weather of a place', input_schema: tool.function.parameters }],
      stream: true,
    });
  });

  it('merges neighbouring turns of one role so roles alternate, starting with the user; a failed call is an error result', () => {
    const messages: ChatModelMessage[] = [
      { role: 'system', content: 'One.' },
      { role: 'assistant', content: 'Hello, how can I help?' },
      { role: 'user', content: 'First.' },
      { role: 'user', content: 'Second.' },
      { role: 'assistant', content: '', toolCalls: [{ id: 'a', name: 'f', arguments: '' }, { id: 'b', name: 'g', arguments: 'not json' }] },
      { role: 'tool', content: 'ok', toolCallId: 'a' },
      { role: 'tool', content: 'Tool failed', toolCallId: 'b', isError: true },
    ];
    const body = anthropicBody({ messages }, { stream: false });
    expect(body.system).toBe('One.');
    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: '…' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Hello, how can I help?' }] },
      { role: 'user', content: [{ type: 'text', text: 'First.' }, { type: 'text', text: 'Second.' }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'a', name: 'f', input: {} }, { type: 'tool_use', id: 'b', name: 'g', input: {} }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'a', content: 'ok' }, { type: 'tool_result', tool_use_id: 'b', content: 'Tool failed', is_error: true }] },
    ]);
    expect(body).not.toHaveProperty('stream');
  });

  it('asks for extended thinking with the chat’s budget, leaving room to answer and no temperature', () => {
    const body = anthropicBody({ messages: [{ role: 'user', content: 'Hi' }], thinkingBudget: 2048, temperature: 0.3, maxTokens: 1000 }, { stream: true });
    expect(body.thinking).toEqual({ type: 'enabled', budget_tokens: 2048 });
    expect(body.max_tokens).toBe(2048 + ANSWER_TOKENS_ABOVE_BUDGET);
    expect(body).not.toHaveProperty('temperature');
    // Below Anthropic's minimum: no thinking, and the chat's own settings.
    const small = anthropicBody({ messages: [{ role: 'user', content: 'Hi' }], thinkingBudget: 500, temperature: 0.3, maxTokens: 1000 }, { stream: true });
    expect(small).not.toHaveProperty('thinking');
    expect(small).toMatchObject({ max_tokens: 1000, temperature: 0.3 });
  });
});

describe('OpenAI Responses requests', () => {
  it('puts the system prompt in `instructions` and every turn in `input`: input_image, function_call, function_call_output; nothing stored; no thinking from another provider', () => {
    const body = responsesBody({ model: 'o4-mini', messages: thread(), tools: [tool], reasoningEffort: 'high', maxTokens: 500 }, { stream: true });
    expect(body).toEqual({
      model: 'o4-mini',
      instructions: 'Be brief.',
      input: [
        { role: 'user', content: [{ type: 'input_text', text: 'What is the weather in Paris?' }, { type: 'input_image', image_url: PNG }] },
        { role: 'assistant', content: 'Let me check.' },
        { type: 'function_call', call_id: 'toolu_01', name: 'get_weather', arguments: '{"location":"Paris"}' },
        { type: 'function_call_output', call_id: 'toolu_01', output: '18 °C, cloudy' },
        { role: 'assistant', content: 'It is 18 °C and cloudy in Paris.' },
        { role: 'user', content: 'And tomorrow?' },
      ],
      tools: [{ type: 'function', name: 'get_weather', description: 'The weather of a place', parameters: tool.function.parameters, strict: false }],
      reasoning: { effort: 'high', summary: 'auto' },
      max_output_tokens: 500,
      store: false,
      stream: true,
    });
    expect(JSON.stringify(body)).not.toContain(SIGNATURE);
  });

  it('asks for no reasoning when the chat sets no effort (a model without it refuses the field)', () => {
    expect(responsesBody({ messages: [{ role: 'user', content: 'Hi' }] }, { stream: true })).not.toHaveProperty('reasoning');
  });
});

describe('switching formats mid-chat', () => {
  it('one tree, three shapes: Chat Completions gets neither Anthropic’s thinking blocks nor its reasoning, but keeps the calls and results', () => {
    const messages = thread();
    const chat = messages.map(wireMessage);
    expect(JSON.stringify(chat)).not.toContain(SIGNATURE);
    expect(JSON.stringify(chat)).not.toContain('I should call the tool');
    expect(chat[2]).toEqual({ role: 'assistant', content: 'Let me check.', tool_calls: [{ id: 'toolu_01', type: 'function', function: { name: 'get_weather', arguments: '{"location":"Paris"}' } }] });
    expect(chat[3]).toEqual({ role: 'tool', tool_call_id: 'toolu_01', content: '18 °C, cloudy' });
  });

  it('a reply that called no tool sends no thinking back, even to Anthropic (it asks for it only with the calls)', () => {
    const { chat, path } = tree();
    path[3] = { ...path[3]!, thinkingBlocks: [{ type: 'thinking', thinking: 'Report it.', signature: 'sig-2' }] };
    const body = anthropicBody({ messages: modelMessages(chat, path) }, { stream: true });
    expect(JSON.stringify(body)).not.toContain('sig-2');
    expect(JSON.stringify(body)).toContain(SIGNATURE);
  });
});

describe('PDFs (issue 27)', () => {
  const block = 'File: report.pdf\n```\nQuarterly figures\n```';
  const pdfTurn: ChatModelMessage = {
    role: 'user',
    content: [{ type: 'text', text: `${block}\n\nSummarise this.` }, { type: 'image_url', image_url: { url: PNG } }],
    documents: [{ name: 'report.pdf', data: 'JVBERi0xLjQK', text: block }],
  };

  it('go to Anthropic as document blocks, their extracted text left out', () => {
    const body = anthropicBody({ messages: [pdfTurn] }, { stream: true });
    expect(body.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0xLjQK' }, title: 'report.pdf' },
          { type: 'text', text: 'Summarise this.' },
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
        ],
      },
    ]);
  });

  it('go to Responses as input_file parts; Chat Completions keeps the text it always sent', () => {
    expect(responsesBody({ messages: [pdfTurn] }, { stream: true }).input).toEqual([
      {
        role: 'user',
        content: [
          { type: 'input_file', filename: 'report.pdf', file_data: 'data:application/pdf;base64,JVBERi0xLjQK' },
          { type: 'input_text', text: 'Summarise this.' },
          { type: 'input_image', image_url: PNG },
        ],
      },
    ]);
    expect(wireMessage(pdfTurn)).toEqual({ role: 'user', content: pdfTurn.content });
  });
});

describe('Responses with the provider keeping replies (issue 27; off by default)', () => {
  const thread: ChatModelMessage[] = [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content: 'Hi' },
    { role: 'assistant', content: 'Hello!', responseId: 'resp_1' },
    { role: 'user', content: 'Weather?' },
    { role: 'assistant', content: '', toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: '{}' }], responseId: 'resp_2' },
    { role: 'tool', content: 'Sunny', toolCallId: 'call_1' },
  ];

  it('off: the whole conversation, store false, no previous_response_id', () => {
    const body = responsesBody({ messages: thread }, { stream: true });
    expect(body).toMatchObject({ store: false, instructions: 'Be brief.' });
    expect(body).not.toHaveProperty('previous_response_id');
    expect(body.input).toHaveLength(5);
  });

  it('on: only what follows the last kept reply, which previous_response_id names; the instructions each time', () => {
    const body = responsesBody({ messages: thread }, { stream: true, store: true });
    expect(body).toMatchObject({ store: true, instructions: 'Be brief.', previous_response_id: 'resp_2', input: [{ type: 'function_call_output', call_id: 'call_1', output: 'Sunny' }] });
  });
});
