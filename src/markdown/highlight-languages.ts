// Which highlight.js grammar (from lowlight's `common` set) a fence's info string names. Kept
// out of the lazily loaded highlighter so we know, before loading anything, whether a block
// can be highlighted at all: `text`, `output` or an unknown name never loads the grammars.

const GRAMMAR_ALIASES: Readonly<Record<string, readonly string[]>> = {
  arduino: ['ino'],
  bash: ['sh', 'zsh'],
  c: ['h'],
  cpp: ['cc', 'c++', 'h++', 'hpp', 'hh', 'hxx', 'cxx'],
  csharp: ['cs', 'c#'],
  css: [],
  diff: ['patch'],
  go: ['golang'],
  graphql: ['gql'],
  ini: ['toml'],
  java: ['jsp'],
  javascript: ['js', 'jsx', 'mjs', 'cjs'],
  json: ['jsonc', 'json5'],
  kotlin: ['kt', 'kts'],
  less: [],
  lua: [],
  makefile: ['mk', 'mak', 'make'],
  markdown: ['md', 'mkdown', 'mkd'],
  objectivec: ['mm', 'objc', 'obj-c', 'obj-c++', 'objective-c++'],
  perl: ['pl', 'pm'],
  php: [],
  'php-template': [],
  python: ['py', 'gyp', 'ipython'],
  'python-repl': ['pycon'],
  r: [],
  ruby: ['rb', 'gemspec', 'podspec', 'thor', 'irb'],
  rust: ['rs'],
  scss: [],
  shell: ['console', 'shellsession'],
  sql: [],
  swift: [],
  typescript: ['ts', 'tsx', 'mts', 'cts'],
  vbnet: ['vb'],
  wasm: [],
  xml: ['html', 'xhtml', 'rss', 'atom', 'xjb', 'xsd', 'xsl', 'plist', 'wsf', 'svg'],
  yaml: ['yml'],
};

const GRAMMAR_BY_NAME = new Map<string, string>(
  Object.entries(GRAMMAR_ALIASES).flatMap(([grammar, aliases]) => [grammar, ...aliases].map((name) => [name, grammar] as const)),
);

/** The language named by a fence's info string: its first word (`ts title="x"` → `ts`). */
export function languageOf(info: string | undefined): string {
  return (info ?? '').trim().split(/\s/, 1)[0] ?? '';
}

/** The grammar that highlights `language`, or null when there is none to load. */
export function grammarFor(language: string): string | null {
  return GRAMMAR_BY_NAME.get(language.toLowerCase()) ?? null;
}
