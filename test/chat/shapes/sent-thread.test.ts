import { describe, expect, it } from 'vitest';
import { modelMessages } from '../../../src/chat/model/model-messages';
import { sentThread, SUMMARY_HEADING, SYSTEM_SEPARATOR } from '../../../src/chat/shapes';
import type { Compaction, Message } from '../../../src/chat/types';
import { chat, message } from '../fixtures';

const user = (id: string, parentId: string | null, at: number, extra: Partial<Message> = {}) => message(id, parentId, at, { role: 'user', ...extra });
const reply = (id: string, parentId: string, at: number, extra: Partial<Message> = {}) => message(id, parentId, at, { role: 'assistant', ...extra });
const marker = (id: string, parentId: string, at: number, summary: string, extra: Partial<Compaction> = {}): Message =>
  message(id, parentId, at, { role: 'system', content: summary, compaction: { mode: 'summary', covered: 4, tokensBefore: 400, tokensAfter: 20, ...extra } });

// u1 a1 u2(pinned) a2 [marker] u3 a3
const path = (compaction: Partial<Compaction> = {}, summary = 'They planned a trip to Rome.') => [
  user('u1', null, 1),
  reply('a1', 'u1', 2),
  user('u2', 'a1', 3, { pinned: true }),
  reply('a2', 'u2', 4),
  marker('m', 'a2', 5, summary, compaction),
  user('u3', 'm', 6),
  reply('a3', 'u3', 7),
];

describe('the thread as sent after compaction (issue 24)', () => {
  it('sends the summary with the system message, the pinned message verbatim, then what came after the marker', () => {
    const sent = sentThread(path());
    expect(sent.summary).toBe('They planned a trip to Rome.');
    expect(sent.messages.map((m) => m.id)).toEqual(['u2', 'u3', 'a3']);
    expect(modelMessages(chat('c1', 1, { systemPrompt: 'Be brief.' }), path())).toEqual([
      { role: 'system', content: `Be brief.${SYSTEM_SEPARATOR}${SUMMARY_HEADING}\n\nThey planned a trip to Rome.` },
      { role: 'user', content: 'text of u2' },
      { role: 'user', content: 'text of u3' },
      { role: 'assistant', content: 'text of a3' },
    ]);
  });

  it('an edited summary is what is sent', () => {
    expect(modelMessages(chat('c1', 1), path({ edited: true }, 'Edited: Rome in May.'))[0]).toEqual({ role: 'system', content: `${SUMMARY_HEADING}\n\nEdited: Rome in May.` });
  });

  it('undone, the full history goes back into requests and the marker is never sent', () => {
    const sent = modelMessages(chat('c1', 1), path({ undone: true }));
    expect(sent.map((m) => m.content)).toEqual(['text of u1', 'text of a1', 'text of u2', 'text of a2', 'text of u3', 'text of a3']);
  });

  it('dropping the oldest turns sends no summary, only the pinned and later messages', () => {
    const sent = modelMessages(chat('c1', 1), path({ mode: 'drop' }, ''));
    expect(sent.map((m) => m.content)).toEqual(['text of u2', 'text of u3', 'text of a3']);
  });

  it('the last marker in force wins; a branch made above a marker does not pass it', () => {
    const twice = [...path(), marker('m2', 'a3', 8, 'Rome, then Naples.'), user('u4', 'm2', 9)];
    expect(sentThread(twice).messages.map((m) => m.id)).toEqual(['u2', 'u4']);
    expect(sentThread(twice).summary).toBe('Rome, then Naples.');
    // An edit of u1 starts a path of its own: no marker on it, everything is sent.
    const branch = [user('u1b', null, 10), reply('a1b', 'u1b', 11)];
    expect(sentThread(branch)).toEqual({ messages: branch });
  });
});
