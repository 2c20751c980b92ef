import { describe, expect, it } from 'vitest';
import {
  buildChatExport,
  CHAT_EXPORT_FORMAT,
  CHAT_EXPORT_VERSION,
  EXPORT_FILE_NAME_MAX_CHARS,
  exportFileName,
} from '../../../src/chat/backup/export';
import { chat, message } from '../fixtures';

describe('buildChatExport', () => {
  it('is a versioned document with the chat and every branch of its messages, oldest first', () => {
    const c = chat('c1', 100, { title: 'Trip', model: 'm' });
    const messages = [
      message('b', 'a', 20),
      message('a', null, 10),
      message('b2', 'a', 30),
      message('elsewhere', null, 15, { chatId: 'c2' }),
    ];
    const exported = buildChatExport(c, messages, Date.UTC(2025, 0, 2, 3, 4, 5));
    expect(exported).toEqual({
      format: CHAT_EXPORT_FORMAT,
      version: CHAT_EXPORT_VERSION,
      exportedAt: '2025-01-02T03:04:05.000Z',
      chat: c,
      messages: [messages[1], messages[0], messages[2]],
    });
    expect(exported.format).toBe('parley.chat');
    expect(exported.version).toBe(1);
    // The caller's objects are not shared: changing the export changes nothing in the store.
    expect(exported.chat).not.toBe(c);
    expect(messages.map((m) => m.id)).toEqual(['b', 'a', 'b2', 'elsewhere']);
  });

  it('survives a JSON round trip unchanged', () => {
    const exported = buildChatExport(chat('c1', 1), [message('a', null, 1, { reasoning: 'r', usage: { totalTokens: 3 } })], 0);
    expect(JSON.parse(JSON.stringify(exported))).toEqual(exported);
  });
});

describe('exportFileName', () => {
  it.each([
    ['Trip to Rome', 'Trip to Rome.json'],
    ['Trip: Rome/Paris?', 'Trip Rome Paris.json'],
    ['a<b>c"d|e*f\\g', 'a b c d e f g.json'],
    ['tab\there\nnewline', 'tab here newline.json'],
    ['  ...hidden.  ', 'hidden.json'],
    ['???', 'chat.json'],
    ['', 'chat.json'],
    ['CON', 'CON-chat.json'],
    ['lpt1', 'lpt1-chat.json'],
    ['Über 😀 café', 'Über 😀 café.json'],
    // Bidirectional controls would make the saved name read otherwise ("invoice-nosj.txt").
    ['invoice-\u202Etxt', 'invoice- txt.json'],
    ['a\u2066b\u2069c\u200Fd\u061Ce', 'a b c d e.json'],
    ['تقرير', 'تقرير.json'],
  ])('%j → %j', (title, name) => {
    expect(exportFileName(title)).toBe(name);
  });

  it(`cuts long titles to ${EXPORT_FILE_NAME_MAX_CHARS} characters without splitting an emoji`, () => {
    const name = exportFileName('😀'.repeat(100));
    expect(name).toBe(`${'😀'.repeat(EXPORT_FILE_NAME_MAX_CHARS)}.json`);
  });
});
