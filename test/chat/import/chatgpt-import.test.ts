import { describe, expect, it } from 'vitest';
import { parseFiles } from '../../../src/chat/import/parse-files';
import type { ImportedChat } from '../../../src/chat/import/types';
import { fixture } from './import-files';

/** ChatGPT's export (conversations.json, or the zip with its pictures), from the hand-written sample. */

const byTitle = (chats: ImportedChat[], title: string) => chats.find((chat) => chat.title === title)!;
const T = 1_700_000_000_000;

describe('ChatGPT import', () => {
  it('keeps every branch, with the current branch ChatGPT shows', async () => {
    const { chats, formats } = await parseFiles([fixture('chatgpt/conversations.json')]);
    expect(formats).toEqual(['chatgpt']);
    expect(chats).toHaveLength(3);
    const trip = byTitle(chats, 'Trip plan');
    const parent = Object.fromEntries(trip.messages.map((m) => [m.sourceId, m.parentSourceId]));
    // The empty system node under the root is left out: both user versions become roots (an edit-branch).
    expect(parent).toEqual({ u1: null, u1b: null, a1: 'u1', a1b: 'u1', a2: 'u1b' });
    // current_node is the regenerated reply, though the Porto branch is newer.
    expect(trip.currentLeafSourceId).toBe('a1b');
    expect(trip.source).toEqual({ app: 'chatgpt', id: 'conv-trip-0001' });
  });

  it('converts seconds to milliseconds and keeps the model of each reply and the text as written', async () => {
    const { chats } = await parseFiles([fixture('chatgpt/conversations.json')]);
    const trip = byTitle(chats, 'Trip plan');
    expect(trip.createdAt).toBe(T + 500);
    expect(trip.updatedAt).toBe(T + 900_250);
    const a1 = trip.messages.find((m) => m.sourceId === 'a1')!;
    expect(a1).toMatchObject({ role: 'assistant', model: 'gpt-4o', createdAt: T + 20_000 });
    expect(a1.content).toBe('**Day 1**: Alfama and the castle.\n\n```text\nTram 28\n```');
    expect(trip.messages.find((m) => m.sourceId === 'a2')!.model).toBe('gpt-4o-mini');
    expect(trip.messages.find((m) => m.sourceId === 'u1')!.model).toBeUndefined();
    expect(trip.model).toBe('gpt-4o-mini');
  });

  it('skips hidden, system and tool nodes, counts them, and hangs their children on the nearest kept ancestor', async () => {
    const { chats, skipped } = await parseFiles([fixture('chatgpt/conversations.json')]);
    const primes = byTitle(chats, 'Prime numbers');
    expect(primes.messages.map((m) => [m.sourceId, m.parentSourceId])).toEqual([
      ['q', null],
      ['final', 'q'],
    ]);
    // Hidden: the system prompt and the custom instructions; tool: the call to python and its output;
    // system: Trip plan's empty one; empty: a message of a picture alone, whose file only the zip holds.
    expect(skipped).toEqual({ hidden: 2, system: 1, tool: 2, empty: 1 });
  });

  it('turns the pictures the zip holds into images of their message', async () => {
    const { chats } = await parseFiles([fixture('chatgpt/export.zip')]);
    const cat = byTitle(chats, 'What breed is this cat?');
    const [pic, , pic2] = cat.messages;
    expect(pic!.content).toBe('What breed is this?');
    expect(pic!.images).toHaveLength(1);
    expect(pic!.images![0]).toMatchObject({ name: 'file-Cat123-cat.png', mimeType: 'image/png', width: 4, height: 3 });
    expect(pic!.images![0]!.blob.size).toBeGreaterThan(60);
    // The newer `sediment://` pointer, its file in a folder of the zip: a message of a picture alone.
    expect(pic2!.images![0]).toMatchObject({ name: 'file_00abc123-3f1c2d9e.png', mimeType: 'image/png' });
    expect(pic2!.content).toBe('');
  });

  it('reads newer exports split into conversations-000.json, conversations-001.json', async () => {
    const all = JSON.parse(await fixture('chatgpt/conversations.json').text()) as unknown[];
    const first = new File([JSON.stringify(all.slice(0, 2))], 'conversations-000.json');
    const second = new File([JSON.stringify(all.slice(2))], 'conversations-001.json');
    const { chats } = await parseFiles([first, second]);
    expect(chats.map((chat) => chat.source.id)).toEqual(['conv-trip-0001', 'conv-primes-0002', 'conv-cat-0003']);
  });
});
