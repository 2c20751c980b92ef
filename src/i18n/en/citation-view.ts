/** A reply's citation chips, its Sources and its search steps (issue 37): registered by the citation view, loaded with the first reply that cites. */
export const citationView = {
  'citations.chip': 'Source {n}: {title}',
  'citations.chipNoTitle': 'Source {n}: {domain}',
  'citations.sources': 'Sources',
  'citations.sourceLink': '{title} ({domain})',
  'citations.showAll.one': 'Show the {count} source',
  'citations.showAll.other': 'Show all {count} sources',
  'citations.showFewer': 'Show fewer sources',
  'citations.steps': 'Web searches',
  'citations.searching': 'Searching: “{query}”…',
  'citations.searchingNoQuery': 'Searching the web…',
  'citations.searched': 'Searched: “{query}”',
  'citations.searchedNoQuery': 'Searched the web',
  'citations.opening': 'Opening {domain}…',
  'citations.opened': 'Opened {domain}',
  'citations.failed': 'Search failed: {reason}',
  'citations.failedNoReason': 'Search failed',
} as const;
