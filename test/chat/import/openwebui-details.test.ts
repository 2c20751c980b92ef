import { describe, expect, it } from 'vitest';
import { indexMessages, threadPath } from '../../../src/chat/shapes/tree';
import { parseFiles } from '../../../src/chat/import/parse-files';
import { decodeEntities } from '../../../src/chat/import/formats/openwebui-details';
import { previewImport, runImport } from '../../../src/chat/import';
import { createMemoryPersistence } from '../../../src/chat/persistence/memory-persistence';
import { fixture } from './import-files';

/** Open WebUI's reasoning and tool-call blocks (as its middleware writes them) become Parley's reasoning and tool calls. */

describe('Open WebUI replies with reasoning and tool calls', () => {
  it('imports reasoning as reasoning with its duration, and the answer shows clean', async () => {
    const [chat] = (await parseFiles([fixture('openwebui/reasoning-tools.json')])).chats;
    const reply = chat!.messages.find((m) => m.sourceId === 'a1')!;
    expect(reply).toMatchObject({
      role: 'assistant',
      content: '255',
      reasoning: 'Let me multiply 15 by 17.\n15 × 17 = 15 × 10 + 15 × 7 = 150 + 105 = 255 <check>',
      thinkingMs: 3000,
    });
  });

  it('imports tool calls as calls answered by tool messages with their results, the text after them as the next reply', async () => {
    const [chat] = (await parseFiles([fixture('openwebui/reasoning-tools.json')])).chats;
    const thread = chat!.messages.filter((m) => ['a2#0', 'a2#0.0', 'a2#0.1', 'a2'].includes(m.sourceId));
    expect(thread.map((m) => [m.sourceId, m.parentSourceId, m.role])).toEqual([
      ['a2#0', 'u2', 'assistant'],
      ['a2#0.0', 'a2#0', 'tool'],
      ['a2#0.1', 'a2#0.0', 'tool'],
      ['a2', 'a2#0.1', 'assistant'],
    ]);
    const [calling, weather, time, answer] = thread;
    expect(calling).toMatchObject({
      content: 'Let me look that up.',
      reasoning: 'The user wants the weather & a plan.',
      thinkingMs: 2000,
      toolCalls: [
        { id: 'call_8f2a', name: 'get_weather', arguments: '{"city": "Oslo"}', state: 'done' },
        { id: 'call_9b3c', name: 'get_time', arguments: '{"tz": "Europe/Oslo"}', state: 'done' },
      ],
    });
    // Results decoded to plain text: the markup in them stays text, never HTML.
    expect(weather).toMatchObject({ content: 'Sunny, 18 °C <b>warm</b>', toolCallId: 'call_8f2a' });
    expect(time).toMatchObject({ content: '14:05', toolCallId: 'call_9b3c' });
    expect(answer).toMatchObject({ content: 'It is **sunny** in Oslo (18 °C) and 14:05: a good time for a walk.', reasoning: 'Sunny: suggest a walk.', thinkingMs: 1000 });
    expect(answer!.toolCalls).toBeUndefined();
    // The next question hangs under the last piece, as it hung under the reply.
    expect(chat!.messages.find((m) => m.sourceId === 'u3')!.parentSourceId).toBe('a2');
  });

  it('reads the single-quoted attributes of newer versions', async () => {
    const [chat] = (await parseFiles([fixture('openwebui/reasoning-tools.json')])).chats;
    const call = chat!.messages.find((m) => m.sourceId === 'a3#0')!;
    expect(call.toolCalls).toEqual([{ id: 'call_x1', name: 'search', arguments: '{"q": "it\'s"}', state: 'done' }]);
    expect(chat!.messages.find((m) => m.sourceId === 'a3#0.0')!.content).toBe('Nothing found for it’s'.replace('’', "'"));
    expect(chat!.messages.find((m) => m.sourceId === 'a3')!.content).toBe('No results.');
  });

  it('stores them as Parley’s rows: no markup left in any message, the thread ending on the last reply', async () => {
    const persistence = createMemoryPersistence();
    await runImport(await previewImport([fixture('openwebui/reasoning-tools.json')], { persistence }), { persistence });
    const [stored] = await persistence.listChats();
    const messages = await persistence.listMessages(stored!.id);
    for (const message of messages) expect(`${message.content}${message.reasoning ?? ''}`).not.toMatch(/<details|<summary|&gt;|&quot;/);
    const thread = threadPath(indexMessages(messages), stored!.currentLeafId);
    expect(thread.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'tool', 'tool', 'assistant', 'user', 'assistant', 'tool', 'assistant']);
    const first = thread[1]!;
    expect(first).toMatchObject({ content: '255', timing: { thinkingMs: 3000 }, model: 'qwen3:8b' });
    expect(thread[3]!.toolCalls?.map((call) => [call.index, call.name, call.state])).toEqual([
      [0, 'get_weather', 'done'],
      [1, 'get_time', 'done'],
    ]);
    expect(thread[4]).toMatchObject({ role: 'tool', toolCallId: 'call_8f2a', content: 'Sunny, 18 °C <b>warm</b>' });
  });
});

describe('decodeEntities', () => {
  it.each([
    ['&gt; a &amp;&amp; b &lt;c&gt;', '> a && b <c>'],
    ['&quot;x&quot; &apos;y&apos; &#39;z&#39; &#x1F600;', '"x" \'y\' \'z\' 😀'],
    ['&unknown; &#0; &#xZZ;', '&unknown; &#0; &#xZZ;'],
  ])('%s', (text, decoded) => {
    expect(decodeEntities(text)).toBe(decoded);
  });
});
