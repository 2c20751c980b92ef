// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createChatIndex, INDEX_FORMAT, loadChatIndex } from '../../../src/chat/search-index/chat-index';
import { searchTerms } from '../../../src/chat/search-index/terms';

const chat = (chatId: string, updatedAt: number) => ({ chatId, updatedAt, leafId: undefined });
const ids = (found: { chatId: string }[]) => found.map((hit) => hit.chatId);

describe('searchTerms', () => {
  it.each([
    ['Café au lait', ['cafe', 'au', 'lait']],
    ['İstanbul, ΟΔΟΣ!', ['istanbul', 'οδοσ']],
    ["don't e-mail 42", ['don', 't', 'e', 'mail', '42']],
    ['  ', []],
    ['日本語', ['日本語']],
  ])('%j → %j', (text, expected) => {
    expect(searchTerms(text)).toEqual(expected);
  });
});

describe('the chat index', () => {
  const build = () => {
    const index = createChatIndex();
    index.put(chat('a', 1), 'We met at the Café de Flore');
    index.put(chat('b', 3), 'throughput and latency');
    index.put(chat('c', 2), 'Crème brûlée, throughput');
    return index;
  };

  it('finds chats by word prefix, ignoring case and accents, newest first', () => {
    const index = build();
    expect(ids(index.query('cafe'))).toEqual(['a']);
    expect(ids(index.query('CAFÉ'))).toEqual(['a']);
    expect(ids(index.query('flo'))).toEqual(['a']);
    expect(ids(index.query('brulee'))).toEqual(['c']);
    expect(ids(index.query('thr'))).toEqual(['b', 'c']);
    expect(ids(index.query('zzz'))).toEqual([]);
    expect(ids(index.query('?!'))).toEqual([]);
  });

  it('needs every word of the query', () => {
    expect(ids(build().query('throughput lat'))).toEqual(['b']);
  });

  it('indexes a chat again when it changes, and forgets a removed one', () => {
    const index = build();
    index.put(chat('a', 4), 'nothing about coffee');
    expect(ids(index.query('cafe'))).toEqual([]);
    expect(ids(index.query('coffee'))).toEqual(['a']);
    index.remove('b');
    expect(ids(index.query('throughput'))).toEqual(['c']);
    expect(index.get('b')).toBeUndefined();
    expect(index.get('a')).toEqual(chat('a', 4));
  });

  it('comes back whole from its serialized form, and keeps updating', async () => {
    const stored = structuredClone(await build().serialize());
    const index = (await loadChatIndex(stored))!;
    expect(ids(index.query('thr'))).toEqual(['b', 'c']);
    expect(index.chats()).toHaveLength(3);
    index.put(chat('c', 5), 'only latency now');
    index.put(chat('d', 6), 'throughput again');
    expect(ids(index.query('throughput'))).toEqual(['d', 'b']);
  });

  it('rejects an index stored in another format (an older one is rebuilt)', async () => {
    const stored = await build().serialize();
    expect(await loadChatIndex({ ...stored, format: (INDEX_FORMAT - 1) as typeof INDEX_FORMAT })).toBeUndefined();
    expect(await loadChatIndex(undefined)).toBeUndefined();
  });
});
