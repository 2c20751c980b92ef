// The web-search room's door (issue 37, docs/search.md): Parley's own web_search through the user's
// SearXNG, where a chat's searches go, Settings → Search's store, and the sources of any search
// tool's result. Not chat history's search (`search/`, `search-index/`). The SearXNG client and
// the search doctor load with import(): with a call (web-search-tool.ts) or with Check.
export { webSearchTools, WEB_SEARCH_ID, WEB_SEARCH_TOOL } from './web-search-tool';
export { searchRoute, providerSearchOf, type SearchProvider, type SearchRoute } from './search-route';
export {
  getSearchSettingsStore,
  configureSearchSettings,
  resetSearchSettings,
  createSearchSettingsStore,
  normalizeSearxngAddress,
  readSearchSettings,
  DEFAULT_SEARCH_SETTINGS,
  SEARCH_SETTING,
  type SearchRouteChoice,
  type SearchSettings,
  type SearchSettingsStore,
  type SearchSettingsIo,
  type SearxngAddressCheck,
} from './search-settings';
export type { SearchDiagnosis, SearchDiagnosisKind, ConfigLines, DoctorOptions } from './search-doctor';

/** The search doctor, loaded when first asked for (Settings → Search's Check). */
export const loadSearchDoctor = () => import('./search-doctor');
export { chatSearchRoute, chatSearchRouteNow } from './chat-search';
