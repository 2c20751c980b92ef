import { describe, expect, it } from 'vitest';
import type { ReplySegment } from '../../../src/chat';
import { appendReasoningSegment, combinedUsage, replyTiming, type FiguresSource } from '../../../src/chat/replies/reply-figures';

describe('appendReasoningSegment', () => {
  it.each<[string | undefined, string, string]>([
    [undefined, 'First', 'First'],
    ['', 'First', 'First'],
    ['Earlier thought.', 'New', 'Earlier thought.\n\nNew'],
    ['Earlier thought.\n', 'New', 'Earlier thought.\n\nNew'],
    ['Earlier thought.\n\n', 'New', 'Earlier thought.\n\nNew'],
  ])('%j then %j → %j', (earlier, text, joined) => {
    expect(appendReasoningSegment(earlier, text)).toBe(joined);
  });
});

describe('combinedUsage', () => {
  it.each<[string, ReplySegment[], ReturnType<typeof combinedUsage>]>([
    ['nothing reported', [{ startedAt: 0, firstTokenAt: 1 }], undefined],
    ['one segment: as reported', [{ startedAt: 0, firstTokenAt: 1, usage: { promptTokens: 9, completionTokens: 3, totalTokens: 12 } }], { promptTokens: 9, completionTokens: 3, totalTokens: 12 }],
    [
      'two segments: own tokens summed, the latest prompt',
      [
        { startedAt: 0, firstTokenAt: 1, usage: { promptTokens: 10, completionTokens: 30, reasoningTokens: 20, totalTokens: 40 } },
        { startedAt: 5, firstTokenAt: 6, usage: { promptTokens: 45, completionTokens: 8, reasoningTokens: 2, totalTokens: 53 } },
      ],
      { promptTokens: 45, completionTokens: 38, reasoningTokens: 22 },
    ],
    [
      'a segment that streamed without a count: no count for the reply',
      [
        { startedAt: 0, firstTokenAt: 1, usage: { completionTokens: 30 } },
        { startedAt: 5, firstTokenAt: 6 },
      ],
      undefined,
    ],
    [
      'a Continue that failed before any token does not count',
      [{ startedAt: 0, firstTokenAt: 1, usage: { completionTokens: 30 } }, { startedAt: 5 }],
      { completionTokens: 30 },
    ],
  ])('%s', (_case, segments, usage) => {
    expect(combinedUsage(segments)).toEqual(usage);
  });
});

describe('replyTiming', () => {
  const reply = (segments: ReplySegment[], extra: Partial<FiguresSource> = {}): FiguresSource => ({ content: 'x'.repeat(40), segments, ...extra });

  it('measures thinking from the first reasoning delta to the first answer delta', () => {
    const timing = replyTiming(reply([{ startedAt: 1000, firstTokenAt: 1300, firstReasoningAt: 1300, firstContentAt: 4300, lastDeltaAt: 5300, usage: { completionTokens: 40 } }]));
    expect(timing).toEqual({ firstTokenMs: 300, totalMs: 4300, streamingMs: 4000, thinkingMs: 3000, tokensPerSecond: 10 });
  });

  it('after Stop and Continue: thinking and streaming time add up, and the pause between them does not count', () => {
    // 8 tokens/s in each segment; a minute passes between the Stop and the Continue.
    const timing = replyTiming(
      reply([
        { startedAt: 0, firstTokenAt: 500, firstReasoningAt: 500, lastDeltaAt: 2500, usage: { completionTokens: 16 } },
        { startedAt: 62_500, firstTokenAt: 63_000, firstReasoningAt: 63_000, firstContentAt: 64_000, lastDeltaAt: 66_000, usage: { completionTokens: 24 } },
      ]),
    );
    expect(timing).toMatchObject({ firstTokenMs: 500, streamingMs: 5000, thinkingMs: 3000, tokensPerSecond: 8 });
    expect(timing?.estimated).toBeUndefined();
  });

  it('estimates from all the text over the streaming time when no count was reported', () => {
    const timing = replyTiming(
      reply(
        [
          { startedAt: 0, firstTokenAt: 100, lastDeltaAt: 1100 },
          { startedAt: 9000, firstTokenAt: 9100, lastDeltaAt: 10_100 },
        ],
        { content: 'x'.repeat(64), reasoning: 'y'.repeat(16) },
      ),
    );
    expect(timing).toMatchObject({ streamingMs: 2000, tokensPerSecond: 10, estimated: true });
  });

  it('takes the server’s own speed: as is for one request, weighted by tokens over several', () => {
    expect(replyTiming(reply([{ startedAt: 0, firstTokenAt: 100, lastDeltaAt: 1100, usage: { completionTokens: 10 }, reported: { tokensPerSecond: 50, estimated: false } }]))?.tokensPerSecond).toBe(50);
    const two = replyTiming(
      reply([
        { startedAt: 0, firstTokenAt: 100, lastDeltaAt: 1100, usage: { completionTokens: 40 }, reported: { tokensPerSecond: 40 } },
        { startedAt: 5000, firstTokenAt: 5100, lastDeltaAt: 6100, usage: { completionTokens: 10 }, reported: { tokensPerSecond: 10 } },
      ]),
    );
    // 40 tokens in 1 s, then 10 in 1 s: 25 tokens/s.
    expect(two?.tokensPerSecond).toBe(25);
  });

  it('rebuilds a reply stored before segments from its figures, without a thinking time', () => {
    const timing = replyTiming({ content: 'abc', reasoning: 'r', usage: { completionTokens: 9 }, timing: { firstTokenMs: 200, totalMs: 1100, tokensPerSecond: 10 } });
    expect(timing).toEqual({ firstTokenMs: 200, totalMs: 1100, streamingMs: 900, tokensPerSecond: 10 });
  });

  it('has nothing to say before any token', () => {
    expect(replyTiming(reply([{ startedAt: 0 }]))).toBeUndefined();
  });
});
