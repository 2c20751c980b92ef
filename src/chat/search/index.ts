/** The door of search/: the query matcher and the plain scan any storage can run. */
export { scanMessages, SEARCH_BATCH_SIZE, SEARCH_RESULT_LIMIT } from './search-scan';
export { createSearchMatcher, normalizeForSearch, type SearchMatcher, type Snippet } from './search';
