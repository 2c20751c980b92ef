// Malformed citations a provider might send (issue 37), the same for every format: each must leave the reply whole.

export const SCRIPT_TITLE = '<script>alert(1)</script><img src=x onerror=alert(2)>';
export const BIDI_TITLE = 'safe\u202Egpj.exe';

/** Raw url_citation bodies (url, title, start_index, end_index) against a text of `length` code points. */
export function badCitations(length: number): unknown[] {
  return [
    { url: 'https://example.com/past', title: 'Past the end', start_index: length + 5, end_index: length + 50 },
    { url: 'https://example.com/a', title: 'First', start_index: 0, end_index: 4 },
    { url: 'https://example.com/overlap', title: 'Overlaps the first', start_index: 2, end_index: 6 },
    { url: 'https://example.com/markup', title: SCRIPT_TITLE, start_index: 0, end_index: 1 },
    { url: 'https://example.com/bidi', title: BIDI_TITLE, start_index: 1, end_index: 2 },
    { url: 'javascript:alert(document.cookie)', title: 'Click', start_index: 0, end_index: 3 },
    { url: ' JAVASCRIPT:alert(1)', title: 'Click', start_index: 0, end_index: 3 },
    { url: 'data:text/html,<script>alert(1)</script>', title: 'Data' },
    { title: 'No url', start_index: 0, end_index: 2 },
    { url: 42, title: 'Number url', start_index: 0, end_index: 2 },
    { url: { href: 'https://example.com' }, title: 'Object url' },
    { url: 'https://example.com/types', title: 7, start_index: '0', end_index: null },
    { url: 'https://example.com/negative', start_index: -3, end_index: 2 },
    { url: 'https://example.com/backwards', start_index: 4, end_index: 1 },
    { url: 'https://example.com/fraction', start_index: 0.5, end_index: 2.5 },
    null,
    'https://example.com/a-string',
    [1, 2, 3],
  ];
}

/** The web addresses among them, in order: the only ones that may become parts. */
export const WEB_URLS = [
  'https://example.com/past',
  'https://example.com/a',
  'https://example.com/overlap',
  'https://example.com/markup',
  'https://example.com/bidi',
  'https://example.com/types',
  'https://example.com/negative',
  'https://example.com/backwards',
  'https://example.com/fraction',
];
