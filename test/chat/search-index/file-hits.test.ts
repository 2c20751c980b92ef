// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatPersistence } from '../../../src/chat/persistence/persistence';
import { searchChats } from '../../../src/chat/search-index/search-chats';
import { setSearchIndex, type SearchIndexClient } from '../../../src/chat/search-index';
import { chat } from '../fixtures';

/** A hit in an attached file reaches the palette's results with the file's name, under the message carrying it. */

afterEach(() => setSearchIndex(undefined));

describe('search results from attached files', () => {
  it('carry the file name with the snippet, and none for a hit in the message itself', async () => {
    const snippet = { before: 'quinoa, ', match: 'saffron', after: ' and cheese' };
    const client: SearchIndexClient = {
      getState: () => 'ready',
      subscribe: () => () => {},
      async searchMessages(_query, options) {
        const hits = [
          { chatId: 'b', messageId: 'b3', snippet, fileName: 'notes.txt' },
          { chatId: 'c', messageId: 'c1', snippet },
        ];
        options?.onBatch?.(hits);
        return hits;
      },
    };
    setSearchIndex(client);
    const results = await searchChats([chat('b', 2, { title: 'Shopping' }), chat('c', 1, { title: 'Cooking' })], { kind: 'indexeddb' } as ChatPersistence, 'saffron');
    expect(results).toEqual([
      { chatId: 'b', title: 'Shopping', kind: 'message', messageId: 'b3', snippet, fileName: 'notes.txt' },
      { chatId: 'c', title: 'Cooking', kind: 'message', messageId: 'c1', snippet },
    ]);
  });
});
