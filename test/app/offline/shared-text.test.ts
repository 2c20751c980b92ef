import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureChatStore, getChatStore, HOME_DRAFT_KEY, resetChatStore } from '../../../src/chat';
import { isShare, sharedText, takeSharedText } from '../../../src/app/offline/shared-text';

describe('share to Parley (issue 26: the manifest’s share_target)', () => {
  it.each([
    ['?title=A%20page&text=Look%20at%20this&url=https%3A%2F%2Fexample.com%2Fa', 'A page\nLook at this\nhttps://example.com/a'],
    // Android puts the address in `text` and `url` alike: once is enough.
    ['?text=Look%20https%3A%2F%2Fexample.com&url=https%3A%2F%2Fexample.com', 'Look https://example.com'],
    ['?title=&text=%20Only%20text%20&url=', 'Only text'],
    ['?project=p1', ''],
  ])('%s → %j', (search, text) => {
    expect(sharedText(search)).toBe(text);
  });

  it('is a share only on the home page', () => {
    expect(isShare('/', '?text=hi')).toBe(true);
    expect(isShare('/chat/abc', '?text=hi')).toBe(false);
    expect(isShare('/', '?project=p1')).toBe(false);
  });

  describe('taking it', () => {
    beforeEach(() => {
      resetChatStore();
      configureChatStore({ untitledTitle: 'New chat' });
      window.history.replaceState(null, '', '/?project=p1&text=Shared%20words#top');
    });
    afterEach(() => {
      window.history.replaceState(null, '', '/');
    });

    it('puts the text in the home message box, unsent, after a draft already there, and takes it out of the address', async () => {
      const store = getChatStore();
      await store.init();
      store.setDraft(HOME_DRAFT_KEY, 'My own words');
      await takeSharedText();
      expect(store.peekDraft(HOME_DRAFT_KEY)).toBe('My own words\n\nShared words');
      expect(`${location.pathname}${location.search}${location.hash}`).toBe('/?project=p1#top');
      expect(store.getSnapshot().chats).toEqual([]);
    });

    it('fills an empty box with the text alone', async () => {
      await takeSharedText();
      expect(getChatStore().peekDraft(HOME_DRAFT_KEY)).toBe('Shared words');
    });
  });
});
