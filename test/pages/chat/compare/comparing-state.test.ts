// Issue 38: the open comparison as stored (read where shown), the blind order, and the figures' "≈" and fastest.
import { describe, expect, it } from 'vitest';
import type { Message } from '../../../../src/chat';
import { namesHidden, readComparing, shownOrder } from '../../../../src/pages/chat/compare/comparing-state';
import { columnFigures, fastestOf } from '../../../../src/pages/chat/compare/compare-figures';
import { registerMessages } from '../../../../src/i18n';
import { compareView } from '../../../../src/i18n/en/compare-view';

// The view registers its strings as it loads; these figures are read without it.
registerMessages(compareView);

describe('readComparing', () => {
  it('keeps a well-formed comparison and refuses anything else', () => {
    expect(readComparing({ parentId: 'q', replies: ['a', 'b'], blind: true, picked: 'b' })).toEqual({ parentId: 'q', replies: ['a', 'b'], blind: true, picked: 'b' });
    expect(readComparing({ parentId: 'q', replies: ['a', 'b'], blind: 'yes' })).toEqual({ parentId: 'q', replies: ['a', 'b'] });
    for (const bad of [undefined, null, 'x', { parentId: 'q', replies: ['a'] }, { parentId: '', replies: ['a', 'b'] }, { parentId: 'q', replies: ['a', 'a'] }, { parentId: 'q', replies: ['a', 3] }, { parentId: 'q', replies: 'ab' }])
      expect(readComparing(bad)).toBeUndefined();
  });

  it('hides names while blind and no vote was cast', () => {
    expect(namesHidden({ parentId: 'q', replies: ['a', 'b'], blind: true })).toBe(true);
    expect(namesHidden({ parentId: 'q', replies: ['a', 'b'], blind: true, picked: 'tie' })).toBe(false);
    expect(namesHidden({ parentId: 'q', replies: ['a', 'b'] })).toBe(false);
  });
});

describe('shownOrder', () => {
  const ids = Array.from({ length: 4 }, (_, i) => `reply-${i}`);
  it('is the asked order unless blind; blind, a stable shuffle that is not always the asked order, a combined answer last', () => {
    expect(shownOrder({ parentId: 'q', replies: ids }, () => false)).toEqual(ids);
    const orders = new Set<string>();
    for (let q = 0; q < 20; q += 1) {
      const comparing = { parentId: `question-${q}`, replies: [...ids, 'combined'], blind: true };
      const order = shownOrder(comparing, (id) => id === 'combined');
      expect(order).toEqual(shownOrder(comparing, (id) => id === 'combined'));
      expect([...order].sort()).toEqual([...ids, 'combined'].sort());
      expect(order.at(-1)).toBe('combined');
      orders.add(order.join());
    }
    // Twenty questions: the answers do not keep the order they were asked in.
    expect(orders.size).toBeGreaterThan(3);
  });
});

const reply = (id: string, patch: Partial<Message>): Message => ({ id, chatId: 'c', parentId: 'q', role: 'assistant', content: 'x'.repeat(400), status: 'complete', createdAt: 0, ...patch });

describe('columnFigures and fastestOf', () => {
  it('marks "≈" what the browser estimated, not what the server reported', () => {
    const reported = columnFigures(reply('a', { usage: { completionTokens: 120 }, timing: { firstTokenMs: 400, tokensPerSecond: 60 } }));
    expect(reported.map((f) => [f.kind, f.estimated])).toEqual([
      ['first-token', false],
      ['speed', false],
      ['tokens', false],
    ]);
    expect(reported.find((f) => f.kind === 'tokens')!.text).toBe('120 tokens');
    const estimated = columnFigures(reply('b', { timing: { firstTokenMs: 400, tokensPerSecond: 50, estimated: true } }));
    expect(estimated.filter((f) => f.estimated).map((f) => f.text)).toEqual(['≈ 50.0 tokens/s', '≈ 100 tokens']);
  });

  it('names the fastest once all have settled and two have a speed', () => {
    const a = reply('a', { timing: { tokensPerSecond: 40 } });
    const b = reply('b', { timing: { tokensPerSecond: 90 } });
    expect(fastestOf([a, b])).toBe('b');
    expect(fastestOf([a, { ...b, status: 'streaming' }])).toBeUndefined();
    expect(fastestOf([a, reply('c', {})])).toBeUndefined();
    expect(fastestOf([a, { ...b, status: 'error' }])).toBeUndefined();
  });
});
