import { describe, expect, it } from 'vitest';
import { parseFiles } from '../../../src/chat/import/parse-files';
import { fixture, fixtureText, textFile } from './import-files';

/** Open WebUI's chat export (its message tree, currentId, times in seconds), from the hand-written sample. */

const W = 1_710_000_000_000;

describe('Open WebUI import', () => {
  it('keeps the tree and the current leaf Open WebUI shows', async () => {
    const { chats, formats, skipped } = await parseFiles([fixture('openwebui/chat-export.json')]);
    expect(formats).toEqual(['openwebui']);
    const [chat] = chats;
    expect(chat!.source).toEqual({ app: 'openwebui', id: 'owui-chat-0001' });
    expect(chat!.messages.map((m) => [m.sourceId, m.parentSourceId])).toEqual([
      ['u0', null],
      ['r1', 'u0'],
      ['r2', 'u0'],
      ['u1', 'r2'],
      ['r3', 'u1'],
    ]);
    // currentId is the first reply, though the other branch is longer and newer.
    expect(chat!.currentLeafSourceId).toBe('r1');
    expect(skipped.system).toBe(1);
  });

  it('converts seconds and keeps each reply’s model', async () => {
    const [chat] = (await parseFiles([fixture('openwebui/chat-export.json')])).chats;
    expect(chat!.createdAt).toBe(W);
    expect(chat!.updatedAt).toBe(W + 65_000);
    const model = Object.fromEntries(chat!.messages.map((m) => [m.sourceId, m.model]));
    expect(model).toEqual({ u0: undefined, r1: 'llama3.1:8b', r2: 'qwen2.5:7b', u1: undefined, r3: 'qwen2.5:7b' });
    expect(chat!.messages[0]!.content).toBe("Explain `'a` in `fn f<'a>(x: &'a str)`.");
  });

  it('reads a single chat exported as a bare object', async () => {
    const [one] = JSON.parse(fixtureText('openwebui/chat-export.json')) as unknown[];
    const { chats } = await parseFiles([textFile(JSON.stringify(one), 'chat-owui.json')]);
    expect(chats.map((chat) => chat.title)).toEqual(['Rust lifetimes']);
  });
});
