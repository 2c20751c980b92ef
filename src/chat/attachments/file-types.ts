/**
 * Which files Parley reads, by extension first and by MIME type second: browsers guess a file's
 * type from its extension with the operating system's table, which calls a TypeScript file
 * `video/mp2t` and leaves most source code empty, so the extension is the better witness.
 */

/** Extension → the language named on the fence of the block the model gets ('' for plain text). */
const TEXT_LANGUAGES: Readonly<Record<string, string>> = {
  txt: '', text: '', log: '', md: 'markdown', markdown: 'markdown', mdx: 'mdx', rst: 'rst', adoc: 'asciidoc', tex: 'latex',
  csv: 'csv', tsv: 'tsv', json: 'json', jsonl: 'json', ndjson: 'json', json5: 'json5', geojson: 'json',
  yaml: 'yaml', yml: 'yaml', toml: 'toml', ini: 'ini', cfg: 'ini', conf: 'ini', env: 'dotenv', properties: 'properties',
  // Markup is read as text and never rendered: an HTML or SVG file can carry script.
  xml: 'xml', html: 'html', htm: 'html', xhtml: 'html', svg: 'svg', css: 'css', scss: 'scss', sass: 'sass', less: 'less',
  js: 'javascript', mjs: 'javascript', cjs: 'javascript', jsx: 'jsx', ts: 'typescript', mts: 'typescript', cts: 'typescript', tsx: 'tsx',
  vue: 'vue', svelte: 'svelte', astro: 'astro',
  py: 'python', pyi: 'python', ipynb: 'json', rb: 'ruby', php: 'php', pl: 'perl', lua: 'lua', r: 'r', jl: 'julia',
  java: 'java', kt: 'kotlin', kts: 'kotlin', scala: 'scala', groovy: 'groovy', gradle: 'groovy', clj: 'clojure',
  c: 'c', h: 'c', cc: 'cpp', cpp: 'cpp', cxx: 'cpp', hpp: 'cpp', hh: 'cpp', m: 'objectivec', mm: 'objectivec',
  cs: 'csharp', fs: 'fsharp', go: 'go', rs: 'rust', swift: 'swift', dart: 'dart', zig: 'zig', nim: 'nim',
  hs: 'haskell', ml: 'ocaml', ex: 'elixir', exs: 'elixir', erl: 'erlang', elm: 'elm',
  sh: 'bash', bash: 'bash', zsh: 'bash', fish: 'fish', ps1: 'powershell', bat: 'bat', cmd: 'bat',
  sql: 'sql', graphql: 'graphql', gql: 'graphql', proto: 'protobuf', tf: 'hcl', hcl: 'hcl', nix: 'nix',
  diff: 'diff', patch: 'diff', srt: '', vtt: '', bib: 'bibtex',
};

/** Files people attach that have no extension, by their whole (lower-case) name. */
const TEXT_NAMES: Readonly<Record<string, string>> = {
  makefile: 'makefile', dockerfile: 'dockerfile', containerfile: 'dockerfile', license: '', readme: '', changelog: '',
  '.gitignore': '', '.dockerignore': '', '.editorconfig': 'ini', '.env': 'dotenv', gemfile: 'ruby', rakefile: 'ruby',
};

/** MIME types that are text although they do not start with `text/`. */
const TEXT_MIME_TYPES = new Set([
  'application/json', 'application/ld+json', 'application/xml', 'application/yaml', 'application/x-yaml', 'application/toml',
  'application/javascript', 'application/x-javascript', 'application/typescript', 'application/x-sh', 'application/sql',
  'application/x-tex', 'application/xhtml+xml', 'application/graphql', 'image/svg+xml',
]);

/** Formats a browser decodes with createImageBitmap (HEIC/HEIF only where it can: Safari). */
const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'jfif', 'pjpeg', 'webp', 'gif', 'bmp', 'avif', 'heic', 'heif']);
const IMAGE_MIME_TYPES = new Set([
  'image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/bmp', 'image/avif', 'image/heic', 'image/heif',
]);

const PDF_MIME_TYPE = 'application/pdf';

/** The lower-case extension of a file name ('' for none; a leading dot alone is a name, not an extension). */
export function extensionOf(name: string): string {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** The kind of content a file holds, judged from its name and declared type; undefined: not one we read. */
export function kindOfFile(name: string, mimeType: string): 'image' | 'text' | 'pdf' | undefined {
  const extension = extensionOf(name);
  const mime = mimeType.toLowerCase().split(';')[0]!.trim();
  if (Object.hasOwn(TEXT_LANGUAGES, extension) || Object.hasOwn(TEXT_NAMES, name.toLowerCase())) return 'text';
  if (IMAGE_EXTENSIONS.has(extension) || IMAGE_MIME_TYPES.has(mime)) return 'image';
  if (extension === 'pdf' || mime === PDF_MIME_TYPE) return 'pdf';
  if (mime.startsWith('text/') || TEXT_MIME_TYPES.has(mime)) return 'text';
  return undefined;
}

/** The language for a text file's fence, from its name ('' when unknown or plain). */
export function languageOf(name: string): string {
  const extension = extensionOf(name);
  if (Object.hasOwn(TEXT_LANGUAGES, extension)) return TEXT_LANGUAGES[extension]!;
  return Object.hasOwn(TEXT_NAMES, name.toLowerCase()) ? TEXT_NAMES[name.toLowerCase()]! : '';
}
