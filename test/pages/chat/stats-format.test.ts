import { describe, expect, it } from 'vitest';
import type { Message } from '../../../src/chat';
import { formatSeconds, messageStats, thoughtSeconds, tokensUsed } from '../../../src/pages/chat/stats-format';


describe('formatSeconds', () => {
  it.each([
    [0, '0.0'],
    [420, '0.4'],
    [9_949, '9.9'],
    [12_400, '12'],
    [125_600, '126'],
  ])('%d ms reads %s s', (ms, text) => {
    expect(formatSeconds(ms, 'en')).toBe(text);
  });
});

describe('tokensUsed', () => {
  it.each<[Message['usage'], number | undefined]>([
    [undefined, undefined],
    [{}, undefined],
    [{ totalTokens: 42, promptTokens: 1, completionTokens: 2 }, 42],
    [{ promptTokens: 10, completionTokens: 5 }, 15],
    [{ completionTokens: 7 }, 7],
  ])('%o → %s', (usage, tokens) => {
    expect(tokensUsed(usage)).toBe(tokens);
  });
});

describe('messageStats', () => {
  it.each<[string, Pick<Message, 'usage' | 'timing'>, string[]]>([
    ['nothing known', {}, []],
    [
      'all reported',
      { timing: { firstTokenMs: 350, tokensPerSecond: 48.25 }, usage: { totalTokens: 1234 } },
      ['0.4 s to first token', '48.3 tokens/s', '1,234 tokens'],
    ],
    ['speed estimated from the text', { timing: { firstTokenMs: 2000, tokensPerSecond: 10, estimated: true } }, ['2.0 s to first token', '10.0 tokens/s (estimated)']],
    ['usage only', { usage: { promptTokens: 3, completionTokens: 4 } }, ['7 tokens']],
  ])('%s', (_case, message, texts) => {
    expect(messageStats(message, 'en').map((stat) => stat.text)).toEqual(texts);
  });
});

describe('thoughtSeconds', () => {
  it.each<[string, Pick<Message, 'timing' | 'reasoning' | 'content'>, number | undefined]>([
    ['no reasoning', { content: 'x', timing: { totalMs: 5000 } }, undefined],
    ['no timing yet', { content: '', reasoning: 'hmm' }, undefined],
    ['only reasoning (stopped while thinking)', { content: '', reasoning: 'hmm', timing: { firstTokenMs: 1000, totalMs: 7000 } }, 7],
    ['half the text is reasoning', { content: 'abcd', reasoning: 'efgh', timing: { firstTokenMs: 1000, totalMs: 9000 } }, 5],
    ['a moment still reads 1 s', { content: 'a', reasoning: 'b', timing: { firstTokenMs: 10, totalMs: 20 } }, 1],
  ])('%s', (_case, message, seconds) => {
    expect(thoughtSeconds(message)).toBe(seconds);
  });
});
