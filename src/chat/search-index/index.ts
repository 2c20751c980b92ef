export { createSearchIndexClient, type SearchIndexClient } from './search-index-client';
export { getSearchIndex, setSearchIndex, startSearchIndex, useSearchIndexState } from './start-search-index';
export type { SearchIndexState } from './protocol';
export type { SerializedChatIndex } from './chat-index';
export type { ChatSearchResult, SearchChatsOptions } from './search-chats';
