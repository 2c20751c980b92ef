// @vitest-environment node
// Enforces the import arrows of the style guide (README, "How the code is laid out"):
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
