import { describe, expect, it } from 'vitest';
import { parseFiles } from '../../../src/chat/import/parse-files';
import { fixture } from './import-files';

/** Claude's export (conversations.json, one line of messages per conversation, ISO times), from the hand-written sample. */

describe('Claude import', () => {
  it('reads each conversation as a line of messages, ending on its last message', async () => {
    const { chats, formats } = await parseFiles([fixture('claude/conversations.json')]);
    expect(formats).toEqual(['claude']);
    const [sourdough] = chats;
    expect(sourdough!.source).toEqual({ app: 'claude', id: 'c1a7e000-0000-4000-8000-000000000001' });
    expect(sourdough!.title).toBe('Sourdough starter');
    expect(sourdough!.messages.map((m) => [m.sourceId, m.parentSourceId, m.role])).toEqual([
      ['m-0001', null, 'user'],
      ['m-0002', 'm-0001', 'assistant'],
      ['m-0003', 'm-0002', 'user'],
      ['m-0004', 'm-0003', 'assistant'],
    ]);
    expect(sourdough!.currentLeafSourceId).toBe('m-0004');
  });

  it('converts ISO times, reads text from content blocks when `text` is empty, keeps attached text', async () => {
    const { chats, skipped } = await parseFiles([fixture('claude/conversations.json')]);
    const [sourdough, notes] = chats;
    expect(sourdough!.createdAt).toBe(Date.UTC(2024, 2, 1, 9, 0, 0));
    expect(sourdough!.updatedAt).toBe(Date.UTC(2024, 2, 1, 9, 5, 30, 500));
    expect(sourdough!.messages[1]!.createdAt).toBe(Date.UTC(2024, 2, 1, 9, 0, 12));
    expect(sourdough!.messages[2]!.content).toBe('And what flour is best?');
    expect(notes!.messages[0]!.texts).toEqual([{ name: 'notes.txt', text: 'Buy flour.\nFeed the starter.\nBake on Sunday.' }]);
    // The empty reply is left out; the next one hangs from the user message.
    expect(notes!.messages.map((m) => [m.sourceId, m.parentSourceId])).toEqual([
      ['m-0101', null],
      ['m-0103', 'm-0101'],
    ]);
    expect(skipped.empty).toBe(1);
  });
});
