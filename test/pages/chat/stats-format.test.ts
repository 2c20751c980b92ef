import { describe, expect, it } from 'vitest';
import { formatSeconds, messageStats, thoughtSeconds, type FiguresMessage } from '../../../src/pages/chat/message/stats-format';


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

describe('messageStats', () => {
  it.each<[string, FiguresMessage, string[]]>([
    ['nothing known', { content: '' }, []],
    [
      'all reported',
      { content: 'x', timing: { firstTokenMs: 350, tokensPerSecond: 48.25 }, usage: { promptTokens: 1200, completionTokens: 1234, totalTokens: 2434 } },
      ['0.4 s to first token', '48.3 tokens/s', '1,234 tokens'],
    ],
    ['speed estimated from the text', { content: 'x', timing: { firstTokenMs: 2000, tokensPerSecond: 10, estimated: true } }, ['2.0 s to first token', '10.0 tokens/s (estimated)']],
    // The reply's own tokens, not the prompt's and the reply's together.
    ['usage only', { content: 'x', usage: { promptTokens: 3000, completionTokens: 4, totalTokens: 3004 } }, ['4 tokens']],
    ['only a total: not the reply’s own count', { content: 'x', usage: { totalTokens: 42 } }, []],
  ])('%s', (_case, message, texts) => {
    expect(messageStats(message, 'en').map((stat) => stat.text)).toEqual(texts);
  });

  it.each<[string, FiguresMessage['usage'], string | undefined]>([
    ['prompt and reasoning', { promptTokens: 1500, completionTokens: 40, reasoningTokens: 12 }, 'Prompt: 1,500 tokens. Reasoning: 12 of the reply’s tokens.'],
    ['prompt only', { promptTokens: 7, completionTokens: 40 }, 'Prompt: 7 tokens.'],
    ['nothing more', { completionTokens: 40 }, undefined],
  ])('describes the reply’s tokens: %s', (_case, usage, description) => {
    const tokens = messageStats({ content: 'x', usage }, 'en').find((stat) => stat.kind === 'tokens');
    expect(tokens?.description).toBe(description);
  });

  it('reads a reply that never settled (the tab closed mid-stream) from its segments', () => {
    const message: FiguresMessage = {
      content: 'x',
      usage: { completionTokens: 20 },
      segments: [{ startedAt: 0, firstTokenAt: 500, lastDeltaAt: 2500, usage: { completionTokens: 20 } }],
    };
    expect(messageStats(message, 'en').map((stat) => stat.text)).toEqual(['0.5 s to first token', '10.0 tokens/s', '20 tokens']);
  });
});

describe('thoughtSeconds', () => {
  it.each<[string, FiguresMessage, number | undefined]>([
    ['no reasoning', { content: 'x', timing: { totalMs: 5000, thinkingMs: 3000 } }, undefined],
    ['no timing yet', { content: '', reasoning: 'hmm' }, undefined],
    // Older replies have no measured thinking time: no figure rather than a guess.
    ['an older reply, never measured', { content: 'abcd', reasoning: 'efgh', timing: { firstTokenMs: 1000, totalMs: 9000 } }, undefined],
    ['measured', { content: 'abcd', reasoning: 'efgh', timing: { firstTokenMs: 1000, totalMs: 90_000, thinkingMs: 6400 } }, 6],
    ['a moment still reads 1 s', { content: 'a', reasoning: 'b', timing: { thinkingMs: 20 } }, 1],
    [
      'from the segments of a reply that never settled: first reasoning to first answer, each segment',
      {
        content: 'answer',
        reasoning: 'a\n\nb',
        segments: [
          { startedAt: 0, firstTokenAt: 100, firstReasoningAt: 100, lastDeltaAt: 4100 },
          { startedAt: 60_000, firstTokenAt: 60_200, firstReasoningAt: 60_200, firstContentAt: 63_200, lastDeltaAt: 90_000 },
        ],
      },
      7,
    ],
  ])('%s', (_case, message, seconds) => {
    expect(thoughtSeconds(message)).toBe(seconds);
  });
});
