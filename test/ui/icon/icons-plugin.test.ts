// @vitest-environment node
import * as esbuild from 'esbuild';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IconSet } from '../../../src/ui/icon/icon-data';
import {
  BUNDLED_ICONS_FILE,
  collectIconNames,
  iconsEsbuildPlugin,
  iconsVitePlugin,
  pickIcons,
} from '../../../src/ui/icon/icons-plugin.mjs';

let root: string;

/** A small project: sources naming icons in every spelling, plus the placeholder module. */
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'parley-icons-'));
  const files: Record<string, string> = {
    'src/app.tsx': `export const a = <Icon name="lucide:chevron-down" />;\nconst b = 'lucide-x';\n`,
    'src/pages/deep/page.ts': 'const c = `lucide:check`; const again = "lucide:x";\n',
    // An alias (resolved through its parent), a package name and an unknown icon.
    'src/aliases.ts': `const d = 'lucide:activity-square';\nimport 'lucide-react';\nconst e = 'lucide:no-such-icon';\n`,
    // Not icon names: another prefix, no quotes, bad spelling, mismatched quotes.
    'src/noise.ts': `const f = 'mdi:home'; // lucide:house\nconst g = 'lucide:Bad'; const h = 'lucide:search";\n`,
    'src/readme.md': `'lucide:book'`,
    'src/ui/icon/bundled-icons.ts': `export const bundledIcons = { prefix: 'lucide', icons: {} };\n`,
    'entry.ts': `export { bundledIcons } from './src/ui/icon/bundled-icons';\n`,
    // What the generated one-icon modules register with: here it just records each set.
    'src/ui/icon/icon-storage.ts': `export const registered: unknown[] = [];\nexport function registerBundledIcons(set: unknown) { registered.push(set); }\n`,
    'registry-entry.ts': `import './src/app.tsx';\nimport './src/aliases.ts';\nimport './src/pages/deep/page.ts';\nexport { registered } from './src/ui/icon/icon-storage.ts';\n`,
    'src/split-app.tsx': `export const a = <i data-icon="lucide:chevron-down" />;\nexport const page = () => import('./pages/deep/page.ts');\n`,
    'split-entry.ts': `export * from './src/split-app.tsx';\n`,
  };
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** Runs generated module code and returns its icon set. */
async function evaluate(code: string): Promise<IconSet> {
  const module = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as { bundledIcons: IconSet };
  return module.bundledIcons;
}

/** Runs a bundle exporting `registered` and returns the icon sets registered, in order. */
async function evaluateRegistered(bundled: string): Promise<IconSet[]> {
  // The fixture's JSX compiles to React.createElement(Icon, …): stand-ins, since only the sets matter.
  const code = `const React = { createElement: () => null }; const Icon = null;\n${bundled}`;
  const module = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as { registered: IconSet[] };
  return module.registered;
}

describe('collectIconNames', () => {
  it('finds quoted Lucide names in .ts and .tsx files, sorted and de-duplicated', async () => {
    expect(await collectIconNames(path.join(root, 'src'))).toEqual([
      'activity-square',
      'check',
      'chevron-down',
      'no-such-icon',
      'react',
      'x',
    ]);
  });
});

describe('pickIcons', () => {
  const set: IconSet = {
    prefix: 'lucide',
    width: 24,
    height: 24,
    icons: { a: { body: '<a/>' }, b: { body: '<b/>' } },
    aliases: { c: { parent: 'a' }, d: { parent: 'c', hFlip: true } },
  };

  it.each([
    [['b'], { b: { body: '<b/>' } }, {}],
    [['d'], { a: { body: '<a/>' } }, { c: { parent: 'a' }, d: { parent: 'c', hFlip: true } }],
    [['missing', 'toString'], {}, {}],
  ])('%j', (names, icons, aliases) => {
    expect(pickIcons(set, names)).toEqual({ prefix: 'lucide', width: 24, height: 24, icons, aliases });
  });
});

/** A package name that looks like an icon name ('lucide-react') is no icon: here an empty module. */
const emptyPackage: esbuild.Plugin = {
  name: 'empty-package',
  setup(build) {
    build.onResolve({ filter: /^lucide-react$/ }, (args) => ({ path: args.path, namespace: 'empty-package' }));
    build.onLoad({ filter: /.*/, namespace: 'empty-package' }, () => ({ contents: '' }));
  },
};

describe('iconsEsbuildPlugin', () => {
  /** Bundles `entry` (code-split, in memory) and returns its output files by name. */
  async function bundle(entry: string): Promise<Map<string, string>> {
    const result = await esbuild.build({
      absWorkingDir: root,
      entryPoints: { [path.basename(entry, '.ts')]: path.join(root, entry) },
      outdir: path.join(root, 'out'),
      bundle: true,
      format: 'esm',
      splitting: true,
      write: false,
      logLevel: 'silent',
      plugins: [iconsEsbuildPlugin({ root }), emptyPackage],
    });
    return new Map(result.outputFiles.map((file) => [path.basename(file.path), file.text]));
  }

  it('registers exactly the named icons that Lucide has, aliases with their parents, before the naming module runs', async () => {
    const files = await bundle('registry-entry.ts');
    const sets = await evaluateRegistered(files.get('registry-entry.js')!);
    const icons = Object.assign({}, ...sets.map((set) => set.icons)) as IconSet['icons'];
    const aliases = Object.assign({}, ...sets.map((set) => set.aliases)) as IconSet['aliases'];
    expect(sets.every((set) => set.prefix === 'lucide' && set.width === 24)).toBe(true);
    expect(Object.keys(icons).sort()).toEqual(['check', 'chevron-down', 'square-activity', 'x']);
    expect(aliases).toEqual({ 'activity-square': { parent: 'square-activity' } });
    expect(icons['chevron-down']!.body).toContain('d="m6 9l6 6l6-6"');
  });

  it('puts an icon in the chunk of the code that names it: one named only by a lazy module stays out of the entry', async () => {
    const files = await bundle('split-entry.ts');
    const entry = files.get('split-entry.js')!;
    const lazy = [...files].filter(([name]) => name !== 'split-entry.js').map(([, text]) => text).join('\n');
    // chevron-down is named by the entry's own static import; check only by the lazily imported page.
    expect(entry).toContain('m6 9l6 6l6-6');
    expect(entry).not.toContain('"check"');
    expect(lazy).toContain('"check"');
  });
});

describe('iconsVitePlugin', () => {
  type Load = (this: unknown, id: string) => Promise<string | null>;
  const load = (context: unknown, id: string) => (iconsVitePlugin({ root }).load as Load).call(context, id);

  it('loads the placeholder as the generated module', async () => {
    const target = path.join(root, BUNDLED_ICONS_FILE).split(path.sep).join('/');
    const watched: string[] = [];
    const code = await load({ addWatchFile: (file: string) => watched.push(file) }, `${target}?v=1`);
    const icons = await evaluate(code!);
    expect(Object.keys(icons.icons).sort()).toEqual(['check', 'chevron-down', 'square-activity', 'x']);
    expect(watched).toContain(path.join(root, 'src', 'app.tsx'));
  });

  it('leaves every other module to Vite', async () => {
    expect(await load({}, path.join(root, 'src/app.tsx'))).toBeNull();
    // Before Vite's own loader, which would read the empty placeholder from disk.
    expect(iconsVitePlugin({ root }).enforce).toBe('pre');
  });
});
