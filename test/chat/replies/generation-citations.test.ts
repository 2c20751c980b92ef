// How a streamed reply takes in the provider's searches and citations (issue 37): steps updated by
// id, spans moved past the text a Continue starts after, and a reply under search results citing
// them by [n] once it settles.
import { describe, expect, it } from 'vitest';
import type { Message } from '../../../src/chat';
import { startGeneration } from '../../../src/chat/replies/generation';
import { citingTurnSources, turnSources } from '../../../src/chat/tools/turn-sources';
import { createScriptedModel, type ScriptStep } from '../../support/scripted-model';

const reply = (content = ''): Message => ({ id: 'a1', chatId: 'c1', parentId: 'u1', role: 'assistant', content, status: 'streaming', createdAt: 0 });

function generate(steps: ScriptStep[], message = reply()): Promise<Message> {
  const model = createScriptedModel({ replies: [steps] });
  return startGeneration({
    model,
    request: { messages: [{ role: 'user', content: 'q' }] },
    message,
    now: () => 0,
    onUpdate() {},
    save: async () => {},
    onFinish() {},
  }).done;
}

describe('search and citation parts', () => {
  it('a search step starts, then is updated in place by its id; citations keep their order', async () => {
    const done = await generate([
      { delta: { type: 'search', search: { id: 'ws_1', status: 'searching' } } },
      { delta: { type: 'search', search: { id: 'ws_1', status: 'searching', query: 'rust 1.80' } } },
      { delta: { type: 'search', search: { id: 'ws_2', status: 'failed', error: 'max_uses_exceeded' } } },
      { delta: { type: 'search', search: { id: 'ws_1', status: 'done', results: 8 } } },
      { delta: { type: 'content', text: 'Rust 1.80 is out.' } },
      { delta: { type: 'citation', citation: { url: 'https://blog.rust-lang.org/', title: 'Rust', start: 0, end: 17 } } },
      { delta: { type: 'citation', citation: { url: 'https://other.example/' } } },
    ]);
    expect(done.searches).toEqual([
      { id: 'ws_1', status: 'done', query: 'rust 1.80', results: 8 },
      { id: 'ws_2', status: 'failed', error: 'max_uses_exceeded' },
    ]);
    expect(done.citations).toEqual([{ url: 'https://blog.rust-lang.org/', title: 'Rust', start: 0, end: 17 }, { url: 'https://other.example/' }]);
  });

  it('a continued reply’s spans count from where its new text starts', async () => {
    const done = await generate(
      [
        { delta: { type: 'content', text: ' More.' } },
        { delta: { type: 'citation', citation: { url: 'https://x.example/', start: 1, end: 6 } } },
      ],
      { ...reply('First part.'), status: 'stopped' },
    );
    expect(done.content).toBe('First part. More.');
    expect(done.content.slice(done.citations![0]!.start, done.citations![0]!.end)).toBe('More.');
  });
});

describe('a reply under search results', () => {
  const user: Message = { id: 'u1', chatId: 'c1', parentId: null, role: 'user', content: 'q', status: 'complete', createdAt: 0 };
  const older: Message = { id: 't0', chatId: 'c1', parentId: null, role: 'tool', content: '', status: 'complete', createdAt: 0, sources: [{ url: 'https://old.example/' }] };
  const asked: Message = { id: 'a0', chatId: 'c1', parentId: 'u1', role: 'assistant', content: '', status: 'complete', createdAt: 0 };
  const first: Message = { id: 't1', chatId: 'c1', parentId: 'a0', role: 'tool', content: '', status: 'complete', createdAt: 0, sources: [{ url: 'https://one.example/', title: 'One' }] };
  const second: Message = { id: 't2', chatId: 'c1', parentId: 't1', role: 'tool', content: '', status: 'complete', createdAt: 0, sources: [{ url: 'https://two.example/' }] };

  it('numbers the results of this turn only, in the order the tools returned them', () => {
    expect(turnSources([older, user, asked, first, second]).map((s) => s.url)).toEqual(['https://one.example/', 'https://two.example/']);
    expect(citingTurnSources([older, user])).toBeUndefined();
  });

  it('its [n] cite those results', () => {
    const done = { ...reply('One [1], two [2], none [3].'), status: 'complete' as const };
    const patch = citingTurnSources([user, asked, first, second])!(done);
    expect(patch.citations?.map((c) => [c.url, done.content.slice(c.start, c.end)])).toEqual([
      ['https://one.example/', '[1]'],
      ['https://two.example/', '[2]'],
    ]);
  });
});
