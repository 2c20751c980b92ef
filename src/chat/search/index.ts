/** The door of search/: the query matcher, a message search's hits and options, and the plain scan any storage can run. */
export { scanMessages, SEARCH_BATCH_SIZE, SEARCH_RESULT_LIMIT } from './search-scan';
export { createSearchMatcher, type MessageHit, normalizeForSearch, type SearchMatcher, type SearchMessagesOptions, type Snippet } from './search';
