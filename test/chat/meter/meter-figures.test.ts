import { describe, expect, it } from 'vitest';
import { textTokens } from '../../../src/chat/attachments';
import { systemParts, type LibraryContents } from '../../../src/chat/library';
import { cachedHistoryCount, countHistory, MESSAGE_OVERHEAD_TOKENS, meterFigures, WARN_RATIO } from '../../../src/chat/meter';
import { modelMessages } from '../../../src/chat/model/model-messages';
import type { Compaction, LibraryProject, Message } from '../../../src/chat/types';
import { chat, message } from '../fixtures';

const user = (id: string, parentId: string | null, at: number, extra: Partial<Message> = {}) => message(id, parentId, at, { role: 'user', ...extra });
const reply = (id: string, parentId: string, at: number, extra: Partial<Message> = {}) => message(id, parentId, at, { role: 'assistant', ...extra });
const marker = (id: string, parentId: string, at: number, summary: string, extra: Partial<Compaction> = {}): Message =>
  message(id, parentId, at, { role: 'system', content: summary, compaction: { mode: 'summary', covered: 4, tokensBefore: 400, tokensAfter: 20, ...extra } });

const project = { id: 'p1', kind: 'project', name: 'Trip', instructions: 'Plan in metric units.', files: [{ id: 'f1', name: 'notes.md', text: 'Rome, May, 3 nights. '.repeat(20) }] } as unknown as LibraryProject;
const library: LibraryContents = { presets: [], projects: [project] };
const theChat = chat('c1', 1, { projectId: 'p1', systemPrompt: 'Be brief.' });

// u1 a1 u2(pinned) a2 [marker] u3 a3
const path = (compaction: Partial<Compaction> = {}, a3: Partial<Message> = {}) => [
  user('u1', null, 1, { content: 'A long first question. '.repeat(30) }),
  reply('a1', 'u1', 2),
  user('u2', 'a1', 3, { pinned: true }),
  reply('a2', 'u2', 4),
  marker('m', 'a2', 5, 'They planned a trip to Rome.', compaction),
  user('u3', 'm', 6),
  reply('a3', 'u3', 7, a3),
];

/** What the next request sends, estimated the same way (the system message part by part, each message with its framing). */
function sentEstimate(thread: Message[]): { messages: number } {
  const sent = modelMessages({ ...theChat, systemPrompt: undefined }, thread);
  const messages = sent.filter((m) => m.role !== 'system').reduce((sum, m) => sum + MESSAGE_OVERHEAD_TOKENS + textTokens(String(m.content)), 0);
  return { messages };
}

describe('the meter’s sum', () => {
  const parts = systemParts(theChat, library);

  it('counts the system message by part (project, its files, the chat’s prompt), the summary and the history as sent after a marker', () => {
    const thread = path();
    const figures = meterFigures({ system: parts, history: countHistory(thread), draftText: '', draftFileTokens: 0 });
    expect(figures.parts.map((p) => p.part)).toEqual(['project', 'project-files', 'chat', 'summary', 'history']);
    // The history is u2 (pinned), u3 and a3: not u1 or a1, which the summary stands in for.
    expect(figures.parts.find((p) => p.part === 'history')!.tokens).toBe(sentEstimate(thread).messages);
    expect(figures.parts.find((p) => p.part === 'project-files')!.tokens).toBe(parts.find((p) => p.source === 'project-files')!.tokens);
    expect(figures.total).toBe(figures.parts.reduce((sum, p) => sum + p.tokens, 0));
    expect(figures.exact).toBe(false);
    expect(figures.state).toBe('unknown');
  });

  it('undone, the marker’s summary goes and the full history comes back', () => {
    const thread = path({ undone: true });
    const figures = meterFigures({ system: parts, history: countHistory(thread), draftText: '', draftFileTokens: 0 });
    expect(figures.parts.map((p) => p.part)).not.toContain('summary');
    expect(figures.parts.find((p) => p.part === 'history')!.tokens).toBe(sentEstimate(thread).messages);
    expect(figures.parts.find((p) => p.part === 'history')!.tokens).toBeGreaterThan(meterFigures({ system: parts, history: countHistory(path()), draftText: '', draftFileTokens: 0 }).parts.find((p) => p.part === 'history')!.tokens);
  });

  it('is exact where the server reported the last turn: its prompt plus the reply’s completion', () => {
    const thread = path({}, { usage: { promptTokens: 900, completionTokens: 40 } });
    const figures = meterFigures({ system: parts, history: countHistory(thread), draftText: '', draftFileTokens: 0 });
    expect(figures.total).toBe(940);
    expect(figures.exact).toBe(true);
    expect(figures.reported).toBe(true);
  });

  it('a Continue’s own report counts, not the first stretch’s', () => {
    const thread = path({}, { usage: { promptTokens: 900, completionTokens: 40 }, segments: [{ startedAt: 1, usage: { promptTokens: 900, completionTokens: 20 } }, { startedAt: 2, usage: { promptTokens: 930, completionTokens: 20 } }] });
    expect(meterFigures({ system: parts, history: countHistory(thread), draftText: '', draftFileTokens: 0 }).total).toBe(950);
  });

  it('a draft is estimated on top of the reported figure and marks the whole "≈"', () => {
    const thread = path({}, { usage: { promptTokens: 900, completionTokens: 40 } });
    const figures = meterFigures({ system: parts, history: countHistory(thread), draftText: 'x'.repeat(400), draftFileTokens: 85 });
    expect(figures.total).toBe(940 + MESSAGE_OVERHEAD_TOKENS + 100 + 85);
    expect(figures.exact).toBe(false);
    expect(figures.parts.find((p) => p.part === 'draft')!.tokens).toBe(MESSAGE_OVERHEAD_TOKENS + 100);
    expect(figures.parts.find((p) => p.part === 'attachments')!.tokens).toBe(85);
  });

  it('a compaction after the reported reply makes the report stale: estimated again', () => {
    const thread = path();
    thread[3] = { ...thread[3]!, usage: { promptTokens: 5000, completionTokens: 40 } };
    expect(meterFigures({ system: parts, history: countHistory(thread), draftText: '', draftFileTokens: 0 }).reported).toBe(false);
  });

  it('applies the model’s calibration to what it estimates only', () => {
    const thread = path({}, { usage: { promptTokens: 900, completionTokens: 40 } });
    const plain = meterFigures({ system: parts, history: countHistory(thread), draftText: 'x'.repeat(400), draftFileTokens: 0 });
    const calibrated = meterFigures({ system: parts, history: countHistory(thread), draftText: 'x'.repeat(400), draftFileTokens: 0, calibration: 1.5 });
    expect(calibrated.total - 940).toBe(Math.round((plain.total - 940) * 1.5));
    expect(countHistory(thread).sample).toEqual({ reported: 900, estimated: expect.any(Number) });
  });

  it('warns from 80 % of the context and says over past 100 %', () => {
    const history = countHistory(path({}, { usage: { promptTokens: 800, completionTokens: 0 } }));
    const at = (contextLength: number) => meterFigures({ system: [], history, draftText: '', draftFileTokens: 0, contextLength }).state;
    expect(at(800 / WARN_RATIO + 1)).toBe('ok');
    expect(at(1000)).toBe('warn');
    expect(at(800)).toBe('warn');
    expect(at(799)).toBe('over');
  });

  it('counts a path once: the same path array is a lookup', () => {
    const thread = path();
    expect(cachedHistoryCount(thread)).toBe(cachedHistoryCount(thread));
    expect(cachedHistoryCount([...thread])).not.toBe(cachedHistoryCount(thread));
  });
});
