// @vitest-environment node
// Enforces the import arrows of the style guide (README, "How the code is laid out") and the chat
// domain's rooms (docs/architecture.md):
//   main → app → pages → {chat, markdown, ui, router, i18n} → lib
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src', import.meta.url));

/** Which top-level areas of src/ each area may import (besides itself). */
const ALLOWED: Record<string, readonly string[]> = {
  main: ['app', 'styles'],
  'head-boot': ['app', 'ui'],
  app: ['pages', 'chat', 'markdown', 'ui', 'router', 'i18n', 'lib', 'styles'],
  pages: ['chat', 'markdown', 'ui', 'router', 'i18n', 'lib', 'styles'],
  chat: ['lib'],
  markdown: ['i18n', 'lib'],
  // The kit's strings come from the catalogue (SPEC A2: `toast.close`).
  ui: ['i18n', 'lib'],
  router: ['lib'],
  i18n: ['lib'],
  lib: [],
  styles: [],
  // Node-only tooling (the static server); the app never imports it and it imports no app code.
  server: [],
  // The artifact sandbox's program (issue 36): an entry of its own (dist/sandbox.html), which
  // nothing imports and which takes nothing of the app but lib (the wire's vocabulary).
  sandbox: ['lib'],
  env: [],
};

/**
 * Kit components every other kit component may build on (SPEC A7: icon-only buttons show tooltips;
 * the image viewer of ui/attachments is a Dialog, so focus and Escape work as in every dialog).
 */
const SHARED_UI = ['icon', 'button', 'tooltip', 'avatar', 'dialog'];

interface Violation {
  from: string;
  to: string;
  reason: string;
}

/** Top-level area of a path relative to src/: `app/routes.ts` → `app`, `main.tsx` → `main`. */
function areaOf(relative: string): { area: string; sub?: string } {
  const parts = relative.split('/');
  if (parts.length === 1) return { area: parts[0]!.replace(/\.(d\.)?[cm]?[jt]sx?$/, '') };
  return { area: parts[0]!, sub: parts.length > 2 ? parts[1] : undefined };
}

const IMPORT = /(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function importsOf(source: string): string[] {
  return [...source.matchAll(IMPORT)].map((m) => (m[1] ?? m[2])!);
}

/** Checks one file's imports; `file` and the result are relative to src/. */
function checkImports(file: string, specifiers: readonly string[]): Violation[] {
  const from = areaOf(file);
  const violations: Violation[] = [];
  for (const specifier of specifiers) {
    if (!specifier.startsWith('.')) continue; // packages are judged in review, not here
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
    if (target.startsWith('..')) {
      violations.push({ from: file, to: specifier, reason: 'imports from outside src/' });
      continue;
    }
    const to = areaOf(target);
    if (target.endsWith('.css') && to.area === 'styles') continue;
    if (to.area === from.area) {
      const crossKit = from.area === 'ui' && to.sub && from.sub && to.sub !== from.sub && !SHARED_UI.includes(to.sub);
      if (crossKit) violations.push({ from: file, to: target, reason: `ui/${from.sub} may not import ui/${to.sub}` });
      continue;
    }
    const allowed = ALLOWED[from.area];
    if (!allowed) violations.push({ from: file, to: target, reason: `unknown area src/${from.area}` });
    else if (!allowed.includes(to.area)) {
      violations.push({ from: file, to: target, reason: `${from.area} may not import ${to.area}` });
    }
  }
  return violations;
}

function sourceFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return sourceFiles(path.join(dir, entry.name), relative);
    return /\.(tsx?|mjs)$/.test(entry.name) ? [relative] : [];
  });
}

describe('import arrows', () => {
  it('every file under src/ imports only what its area may import', () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(10);
    const violations = files.flatMap((file) => checkImports(file, importsOf(readFileSync(path.join(SRC, file), 'utf8'))));
    expect(violations).toEqual([]);
  });

  it('the sandbox is an entry: no area may import it', () => {
    expect(Object.entries(ALLOWED).filter(([, may]) => may.includes('sandbox'))).toEqual([]);
  });

  it('every top-level folder of src/ is a known area', () => {
    const areas = readdirSync(SRC, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    expect(areas.filter((a) => !(a in ALLOWED))).toEqual([]);
  });

  // The checker itself must be able to fail.
  it.each([
    ['router/link.tsx', '../chat/store', 'router may not import chat'],
    ['chat/store.ts', '../ui/toast', 'chat may not import ui'],
    ['lib/x.ts', '../i18n', 'lib may not import i18n'],
    ['pages/home/home-page.tsx', '../../app/routes', 'pages may not import app'],
    ['markdown/render.tsx', '../router', 'markdown may not import router'],
    ['ui/toast/toaster.tsx', '../progress/progress', 'ui/toast may not import ui/progress'],
    ['main.tsx', './pages/home/home-page', 'main may not import pages'],
    ['app/app.tsx', '../../test/support/x', 'imports from outside src/'],
    ['sandbox/sandbox.ts', '../chat/sandbox', 'sandbox may not import chat'],
    ['pages/chat/artifact/artifact-frame.tsx', '../../../sandbox/sandbox', 'pages may not import sandbox'],
  ])('flags %s importing %s', (file, specifier, reason) => {
    expect(checkImports(file, [specifier]).map((v) => v.reason)).toEqual([reason]);
  });

  it.each([
    ['app/app.tsx', '../pages/home/home-page'],
    ['pages/chat/chat-page.tsx', '../../router'],
    ['ui/button/button.tsx', '../icon'],
    ['ui/toast/toast-item.tsx', '../../i18n'],
    ['main.tsx', './styles/base.css'],
  ])('allows %s importing %s', (file, specifier) => {
    expect(checkImports(file, [specifier])).toEqual([]);
  });

  it('finds static, dynamic, re-export and side-effect imports', () => {
    const source = `import a from './a';\nimport type { B } from "./b";\nexport { c } from './c';\nimport './d.css';\nconst e = import('./e');`;
    expect(importsOf(source)).toEqual(['./a', './b', './c', './d.css', './e']);
  });
});

// ---- The chat domain's rooms (docs/architecture.md) ----

/** What may lie at src/chat's root: the domain's door and the stored shapes; everything else is in a room. */
const CHAT_ROOT_FILES = ['index.ts', 'types.ts'];

/**
 * Files of a room that code outside it imports by path, not through the room's index.ts, each with
 * its reason. Mostly the same one: the room's index.ts loads with the first screen (something
 * there imports it), and esbuild puts every module a door re-exports into the chunk of whoever
 * imports the door, so a part that loads later (or only in a worker) has a door file of its own.
 * Two kinds (docs/architecture.md, "rooms with one door each"): a lazy door, entered with import()
 * only, a chunk of its own; a side door, entered statically by a part that loads at another time
 * than the room's door. `import type` goes through doors too. Keys are relative to src/chat,
 * without the extension.
 */
const NAMED_DOORS: Record<string, string> = {
  'web-search/result-sources':
    'the sources in a search tool’s result (issue 37): the tool replies read them, loaded with the first tool call; the door loads with the chat page',
  'shapes/citation-text':
    'a provider’s title or query as plain one-line text (issue 37): a search result’s card shows one without the whole cleaner',
  'shapes/citations':
    'a reply’s citations cleaned and numbered (issue 37): the chat page, the tool replies and the exports read them; the door (on the first screen) would bring them along',
  'actions/store-actions':
    'the store’s actions; compose/ loads them with import(), and build.mjs preloads this chunk (by its name) beside the chat page',
  'attachments/image-client':
    'the image worker’s client: message-files loads it with import() with the first picture',
  'attachments/pdf':
    'pdf.js: loaded with import() with the first PDF',
  'attachments/prepare-attachment':
    'turning a file into an attachment: loaded with import() with the first file added',
  'backup/export':
    'a chat’s export: the store loads it (store/chat-export.ts) with the first export; the door (backup, restore, reminder) loads with Settings',
  'connections/model-preferences-instance':
    'the title-model preference: the model picker’s popover and Settings read it; the door loads with the first screen',
  'connections/context-settings':
    'the context lengths a user set (issue 24), for the backup format, which carries them',
  'connections/model-preferences':
    'the preferences’ shape and reading, for the backup format, after the first screen',
  'import/configure-import':
    'boot sets the import worker’s address on the first screen; the door loads with the import dialog',
  'library/project-file':
    'reading a project’s files through the attachment pipeline: the project’s page loads it; the door loads with every request',
  'message-files/attachment-request':
    'a model request’s files: used by the reply machinery only; the door is the composer’s',
  'message-files/attachment-send':
    'saving a message with its files (the attachment host’s writes): used by the actions, replies and tool replies; the door is the composer’s',
  'model/model-messages':
    'turning a thread into the model’s messages: after the first screen (replies, titles, files), while the door loads with it',
  'wire/http-errors':
    'address checks and fetch failures the MCP client shares; the door would bring the whole stream reader with it',
  'wire/server-slots':
    'the slots a llama.cpp server reports (issue 38: pacing): the routing loads it with import() with the first request of a connection that may say them',
  'connections/connection-pacing':
    'how many requests a connection takes at once (issue 38): the routing paces with it (loaded with the first request), Settings → Connections says what Automatic means; the door loads with the first screen',
  'wire/list-models':
    'the model-list request: loaded with import() with the first list',
  'wire/openai-error':
    'reading a server’s error, on the first screen (model-error-info); the door would bring the stream reader',
  'connections/connection-apis':
    'the wire formats and their presets (issue 27): Settings uses them; the door loads with the first screen',
  'providers/api-model':
    'the registry of wire formats (issues 27, 35): loaded with import() with the first request; each format’s client with its own',
  'providers/worker-model':
    'the stream worker’s model: boot loads it with import() after the first screen',
  'anthropic/anthropic-model':
    'Anthropic’s client: the registry loads it with import() with the first request of a connection set to it, a chunk named after the file',
  'responses/responses-model':
    'the Responses client: the registry loads it with import() with the first request of a connection set to it, a chunk named after the file',
  'persistence/attachment-rows':
    'the attachment rows’ owner fields: used by message-files after the first screen; the door loads with it',
  'persistence/db-wrapped':
    'idb’s promise API over the database: the search worker’s, never the page’s first screen',
  'persistence/memory-persistence':
    'the memory fallback: the store loads it with import() only when IndexedDB cannot open',
  'persistence/persistence':
    'the storage port’s helpers (applyChatPatch): used by the unsaved ledger after the first screen',
  'persistence/storage-usage':
    'the storage estimate: loaded with import() by the store, and by Settings',
  'replies/compaction-actions':
    'compaction’s actions (issue 24): loaded with the store’s actions; the store’s API and the marker’s page take its types',
  'replies/reply-actions':
    'the reply machinery: loaded with the store’s actions; the door (what pages show of a reply) must not bring it into the chat page’s chunk',
  'sandbox/version-diff':
    'the difference between two versions of an artifact (issue 36), with jsdiff: the panel loads it with import() with the first Changes view; the door loads with the chat page',
  'mcp/built-in-servers':
    'the shape of a tool Parley provides itself (issue 36’s code tools): the capability’s room defines one, the tool runner lists them; the door would bring the MCP client',
  'sandbox/code-tools':
    'the code tools’ definitions (issue 36): the tool runner (loaded with a chat that has tools) and the Tools menu list them; the door loads with the chat page and brings the artifacts',
  'sandbox/sandbox-settings':
    'Settings → Code’s store (issue 36): the Settings section and a run read it; the door loads with the chat page',
  'sandbox/standalone-page':
    'a version as a page that runs by itself (issue 36): the panel loads it with import() with the first download; the door loads with the chat page',
  'sandbox/code-runs':
    'preparing and running code (issue 36): the chunk of a block’s Run uses it; the door loads with the chat page',
  'tools/built-in-list':
    'the list of Parley’s own tools: the chat page’s Tools menu and call cards read it; the door brings the tool runner’s actions',
  'sandbox/sandbox-session':
    'one preview frame’s session with the sandbox and the runtimes it fetches (issue 36): only the frame’s chunk (loaded with the first Preview) uses it; the door loads with the chat page',
  'search-index/search-chats':
    'the store’s search: loaded with import() with the first search',
  'search-index/start-search-index':
    'starts the index after the first screen (import() in after-first-screen.ts)',
  'search/search-scan':
    'the plain scan: IndexedDB storage loads it with import() with the first search',
  'connections/context-settings-instance':
    'the context lengths the user set and the meter’s calibration (issue 24): the chat page and Settings read them; the door loads with the first screen',
  'shapes/library-record':
    'reading a library row from outside (issue 23): the backup reader, sync and the import worker take it without the library room, which brings the store (a circle through backup/export, and the store in the worker)',
  'shapes/row-record':
    'reading a chat or message row from outside (issue 32): the backup reader and sync check rows the same way, without bringing each other',
  'shapes/value-limits':
    'how deep and long a field from outside may be (issue 32): the backup reader and sync share the walk',
  'shapes/date-groups':
    'the history’s date groups: they load with the history’s own chunk, not with the tree the chat page uses',
  'store/missing-attachments':
    'the store’s seam that sync fills: sync imports it; the store loads it with import() when a row is missing',
  'store/thread-hooks':
    'useThread, for the chat page only; the door loads with the first screen',
  'sync/sync-notices':
    'what encrypted sync refused from the server (issue 20): the sidebar’s status line and Settings show it; the door loads with Settings',
  'sync/sync-status-store':
    'the sidebar’s sync status, on the first screen; the door loads with Settings',
  'sync-bridge/sync-crypto':
    'the account’s key (issue 20): remote-access unlocks it in the pull worker and when Settings tests a server; the door brings the bridge',
  'tabs/broadcast':
    'the channel between tabs, opened on the first screen; the door (reply locks, change announcements) loads with the actions',
  'mcp/approval-policy':
    'whether a call runs unasked, and what changed since a tool was allowed (issue 20): the chat page’s call cards and the tool runner’s turn read it; the door would bring the connection code',
  'mcp/tool-connections':
    'the connections a reply holds open: only the tool runner’s replies (loaded with the first tool call) use them; the door is Settings’',
  'mcp/tool-result':
    'a tool’s result as the text the model reads: the tool runner’s turn (on the chat page) needs only that; the door brings the connection code',
  'mcp/tool-settings':
    'the tools settings store: the chat page reads it; the door would bring the connection code',
  'tools/tool-refusal':
    'whether an error says the model takes no tools: generation needs only that; the door brings the turn',
  'tools/tool-reply-actions':
    'the tool runner the actions and replies plug in, loaded with them: the door (the turn, the names the model calls tools by) does not bring it',
  'tools/tool-steps':
    'the step limit the chat page shows; the door brings the turn',
  'unsaved/unsaved-changes':
    'the unsaved-changes ledger: the store loads it with import() with the actions',
};

interface ImportRecord {
  specifier: string;
  /** `import type` / `export type`, or every name marked `type`: erased, so no runtime edge. */
  typeOnly: boolean;
}

const STATEMENT = /(?:^|[;\n}])\s*(import|export)\s+(type\s+)?([^'";]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function importRecordsOf(source: string): ImportRecord[] {
  return [...source.matchAll(STATEMENT)].map((m) => {
    if (m[5]) return { specifier: m[5], typeOnly: false };
    const clause = (m[3] ?? '').replace(/\s+from\s+$/, '').trim();
    const names = clause.startsWith('{') ? clause.slice(1, -1).split(',').map((n) => n.trim()).filter(Boolean) : [];
    const typeOnly = !!m[2] || (names.length > 0 && names.every((n) => n.startsWith('type ')));
    return { specifier: m[4]!, typeOnly };
  });
}

/** `chat/tools/connect.ts` → `tools`; undefined outside src/chat's rooms (its root files included). */
function roomOf(relative: string): string | undefined {
  const parts = relative.replace(/\.(d\.)?[cm]?[jt]sx?$/, '').split('/');
  return parts[0] === 'chat' && parts.length > 2 ? parts[1] : undefined;
}

/** The room an import's target (relative to src/, no extension) is in: `chat/tools` and `chat/tools/connect` → `tools`. */
function targetRoom(target: string): string | undefined {
  const parts = target.split('/');
  return parts[0] === 'chat' && parts.length >= 2 && !['index', 'types'].includes(parts[1]!) ? parts[1] : undefined;
}

/** Checks one file's imports against the rooms' doors; `file` is relative to src/. */
function checkDoors(file: string, records: readonly ImportRecord[]): Violation[] {
  const violations: Violation[] = [];
  const fromRoom = roomOf(file);
  for (const { specifier } of records) {
    if (!specifier.startsWith('.')) continue;
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)).replace(/\.(d\.)?[cm]?[jt]sx?$/, '');
    if (fromRoom && (target === 'chat' || target === 'chat/index')) {
      violations.push({ from: file, to: target, reason: 'a room imports the domain’s door' });
      continue;
    }
    const toRoom = targetRoom(target);
    if (!toRoom) continue;
    const inner = target.split('/').slice(2).join('/');
    const isDoor = inner === '' || inner === 'index';
    if (fromRoom === toRoom) {
      if (isDoor) violations.push({ from: file, to: target, reason: `chat/${toRoom} imports its own door` });
      continue;
    }
    if (!isDoor && !(`${toRoom}/${inner}` in NAMED_DOORS)) {
      violations.push({ from: file, to: target, reason: `enters chat/${toRoom} other than through its door` });
    }
  }
  return violations;
}

/**
 * Circles between rooms. `types: false`: over imports that run (static and import()), the ones
 * that decide what loads with what. `types: true`: `import type` too, though erased before
 * anything loads, because a reader follows them: a shape two rooms share lives in the lower one
 * (`shapes/`, `model/`, `types.ts`, or the room that owns it), and the room above plugs in by
 * implementing it (the store's API names its actions' contracts, store/actions-api.ts).
 */
function roomCircles(importsByFile: ReadonlyMap<string, readonly ImportRecord[]>, { types }: { types: boolean }): string[] {
  const arrows = new Map<string, Set<string>>();
  for (const [file, records] of importsByFile) {
    const from = roomOf(file);
    if (!from) continue;
    for (const { specifier, typeOnly } of records) {
      if ((typeOnly && !types) || !specifier.startsWith('.')) continue;
      const to = targetRoom(path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)).replace(/\.(d\.)?[cm]?[jt]sx?$/, ''));
      if (!to || to === from) continue;
      if (!arrows.has(from)) arrows.set(from, new Set());
      arrows.get(from)!.add(to);
    }
  }
  const circles = new Set<string>();
  const walk = (room: string, trail: string[]) => {
    const at = trail.indexOf(room);
    if (at >= 0) {
      const circle = trail.slice(at);
      const start = circle.indexOf([...circle].sort()[0]!);
      circles.add([...circle.slice(start), ...circle.slice(0, start), circle[start]].join(' → '));
      return;
    }
    for (const next of arrows.get(room) ?? []) walk(next, [...trail, room]);
  };
  for (const room of arrows.keys()) walk(room, []);
  return [...circles].sort();
}

const importsBySrcFile = () =>
  new Map(sourceFiles(SRC).map((file) => [file, importRecordsOf(readFileSync(path.join(SRC, file), 'utf8'))] as const));

describe('the chat domain’s rooms', () => {
  it('every import enters a room through its door (index.ts) or a named door file', () => {
    const violations = [...importsBySrcFile()].flatMap(([file, records]) => checkDoors(file, records));
    expect(violations).toEqual([]);
  });

  it('every named door file exists', () => {
    const files = new Set(sourceFiles(path.join(SRC, 'chat')).map((f) => f.replace(/\.(d\.)?[cm]?[jt]sx?$/, '')));
    expect(Object.keys(NAMED_DOORS).filter((door) => !files.has(door))).toEqual([]);
  });

  it('no circle runs between rooms', () => {
    expect(roomCircles(importsBySrcFile(), { types: false })).toEqual([]);
  });

  it('no circle runs between rooms even over `import type`', () => {
    expect(roomCircles(importsBySrcFile(), { types: true })).toEqual([]);
  });

  it('src/chat’s root holds only the domain’s door and the stored shapes', () => {
    const rootFiles = readdirSync(path.join(SRC, 'chat'), { withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
    expect(rootFiles.filter((name) => !CHAT_ROOT_FILES.includes(name))).toEqual([]);
  });

  it('every room has its door', () => {
    const rooms = readdirSync(path.join(SRC, 'chat'), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    expect(rooms.filter((room) => !readdirSync(path.join(SRC, 'chat', room)).includes('index.ts'))).toEqual([]);
  });

  // The checkers themselves must be able to fail.
  it.each([
    ['chat/replies/generation.ts', '../tools/connect', 'enters chat/tools other than through its door'],
    ['pages/chat/chat-page.tsx', '../../chat/store/chat-store', 'enters chat/store other than through its door'],
    ['app/boot.ts', '../chat/sync/sync-controller', 'enters chat/sync other than through its door'],
    ['chat/tools/connect.ts', './index', 'chat/tools imports its own door'],
    ['chat/tools/connect.ts', '.', 'chat/tools imports its own door'],
    ['chat/store/hooks.ts', '..', 'a room imports the domain’s door'],
  ])('flags %s importing %s', (file, specifier, reason) => {
    expect(checkDoors(file, [{ specifier, typeOnly: false }]).map((v) => v.reason)).toEqual([reason]);
  });

  // A door is a room's interface for its types too: `import type` through a back door is refused
  // like any other import, though it costs no byte (a shape others need belongs in the door).
  it('flags `import type` through a back door', () => {
    const [record] = importRecordsOf(`import type { McpTool } from '../tools/tool-types';`);
    expect(record).toEqual({ specifier: '../tools/tool-types', typeOnly: true });
    expect(checkDoors('chat/replies/generation.ts', [record!]).map((v) => v.reason)).toEqual(['enters chat/tools other than through its door']);
  });

  it.each([
    ['chat/replies/generation.ts', '../tools'],
    ['chat/replies/generation.ts', '../tools/index'],
    ['pages/chat/thread.tsx', '../../chat/store/thread-hooks'],
    ['app/boot.ts', '../chat'],
    ['pages/home/home-page.tsx', '../../chat/types'],
    ['chat/tools/connect.ts', './tool-settings'],
  ])('allows %s importing %s', (file, specifier) => {
    expect(checkDoors(file, [{ specifier, typeOnly: false }])).toEqual([]);
  });

  it('finds a circle between rooms, over a dynamic import too, and not over `import type`', () => {
    const graph = (back: ImportRecord) =>
      new Map<string, ImportRecord[]>([
        ['chat/a/one.ts', [{ specifier: '../b', typeOnly: false }]],
        ['chat/b/two.ts', [{ specifier: '../c', typeOnly: false }]],
        ['chat/c/three.ts', [back]],
      ]);
    expect(roomCircles(graph({ specifier: '../a/one', typeOnly: false }), { types: false })).toEqual(['a → b → c → a']);
    expect(roomCircles(graph({ specifier: '../a', typeOnly: true }), { types: false })).toEqual([]);
    const dynamic = importRecordsOf(`const a = () => import('../a/one');`);
    expect(roomCircles(graph(dynamic[0]!), { types: false })).toEqual(['a → b → c → a']);
  });

  it('finds a circle closed by `import type` alone when types count', () => {
    const graph = new Map<string, ImportRecord[]>([
      ['chat/a/one.ts', [{ specifier: '../b', typeOnly: false }]],
      ['chat/b/two.ts', importRecordsOf(`import type { One } from '../a/one';`)],
      ['chat/c/three.ts', importRecordsOf(`import { type A, type B } from '../a';`)],
      ['chat/a/four.ts', importRecordsOf(`import type { C } from '../c';`)],
    ]);
    expect(roomCircles(graph, { types: true })).toEqual(['a → b → a', 'a → c → a']);
    expect(roomCircles(graph, { types: false })).toEqual([]);
  });

  it('tells type-only imports from the others', () => {
    const source = `import type { A } from './a';\nimport { type B, type C } from './b';\nimport { d, type E } from './d';\nexport type { F } from './f';\nexport { g } from './g';\nconst h = import('./h');`;
    expect(importRecordsOf(source)).toEqual([
      { specifier: './a', typeOnly: true },
      { specifier: './b', typeOnly: true },
      { specifier: './d', typeOnly: false },
      { specifier: './f', typeOnly: true },
      { specifier: './g', typeOnly: false },
      { specifier: './h', typeOnly: false },
    ]);
  });
});

// ---- Folders by section (issue 35): Settings' sections and the chat page's parts ----

/**
 * Folders whose root holds only the frame the sections plug into, each with the files allowed
 * there; every other file is in a section's folder (or in shared/, for what several use).
 * Keys are relative to src/.
 */
const SECTIONED_FOLDERS: Record<string, readonly string[]> = {
  // The dialog's shell, the list that names the sections, and what opens Settings (on the first screen).
  'app/settings': [
    'index.ts',
    'settings-dialog.tsx',
    'settings-dialog.css',
    'settings-sections.ts',
    'settings-hotkey.ts',
    'settings-query.ts',
    'use-settings-dialog.ts',
  ],
  // The page files that compose the parts, and what the whole page shares: its strings, its
  // commands (copy, delete with Undo), its keys and the last message they act on, its bars' toast lift.
  'pages/chat': [
    'chat-page.tsx',
    'chat-page.css',
    'chat-screen.tsx',
    'chat-loading.tsx',
    'chat-not-found.tsx',
    'chat-text.ts',
    'chat-commands.ts',
    'chat-hotkeys.ts',
    'last-message.ts',
    'use-toast-lift.ts',
  ],
};

/** Folders of a sectioned folder that are not sections: no door, entered by file. */
const NOT_SECTIONS = ['shared'];

/** The files among `names` (a sectioned folder's root) that belong in a section, as paths relative to src/. */
function strayFiles(folder: string, names: readonly string[]): string[] {
  const allowed = SECTIONED_FOLDERS[folder] ?? [];
  return names.filter((name) => !allowed.includes(name)).map((name) => `${folder}/${name}`);
}

const entriesOf = (folder: string) => readdirSync(path.join(SRC, folder), { withFileTypes: true });

describe('folders by section', () => {
  it.each(Object.keys(SECTIONED_FOLDERS))('src/%s’s root holds only its frame; everything else is in a section’s folder', (folder) => {
    const names = entriesOf(folder).filter((e) => e.isFile()).map((e) => e.name);
    expect(strayFiles(folder, names)).toEqual([]);
  });

  it.each(Object.keys(SECTIONED_FOLDERS))('every file src/%s’s root may hold exists', (folder) => {
    const names = new Set(entriesOf(folder).map((e) => e.name));
    expect(SECTIONED_FOLDERS[folder]!.filter((name) => !names.has(name))).toEqual([]);
  });

  it('every Settings section has its door, and the section list imports each', () => {
    const sections = entriesOf('app/settings').filter((e) => e.isDirectory() && !NOT_SECTIONS.includes(e.name)).map((e) => e.name);
    expect(sections.length).toBeGreaterThan(5);
    expect(sections.filter((name) => !readdirSync(path.join(SRC, 'app/settings', name)).includes('index.ts'))).toEqual([]);
    const listed = importsOf(readFileSync(path.join(SRC, 'app/settings/settings-sections.ts'), 'utf8'));
    expect(sections.filter((name) => !listed.includes(`./${name}`))).toEqual([]);
  });

  // The checker itself must be able to fail.
  it.each([
    ['app/settings', ['settings-dialog.tsx', 'backup-panel.tsx'], ['app/settings/backup-panel.tsx']],
    ['app/settings', ['index.ts', 'sync-section.css'], ['app/settings/sync-section.css']],
    ['pages/chat', ['chat-page.tsx', 'message-item.tsx', 'chat-screen.tsx'], ['pages/chat/message-item.tsx']],
  ])('flags a file at src/%s’s root that belongs to a section: %j', (folder, names, stray) => {
    expect(strayFiles(folder, names)).toEqual(stray);
  });

  it('allows the frame’s own files at the root', () => {
    expect(strayFiles('pages/chat', ['chat-page.tsx', 'chat-screen.tsx', 'chat-text.ts'])).toEqual([]);
    expect(strayFiles('app/settings', ['settings-dialog.tsx', 'settings-sections.ts'])).toEqual([]);
  });
});
