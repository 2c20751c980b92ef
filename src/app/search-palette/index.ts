export { SearchPalette, RECENT_CHATS_LIMIT, type SearchPaletteProps } from './search-palette';
export { SearchOption, Highlighted, type PaletteOption, type SearchOptionProps } from './search-option';
export { useChatSearch, SEARCH_DEBOUNCE_MS, type ChatSearchState, type ChatSearchStatus } from './use-chat-search';
