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

describe('iconsEsbuildPlugin', () => {
  it('bundles exactly the named icons that Lucide has, aliases with their parents', async () => {
    const result = await esbuild.build({
      absWorkingDir: root,
      entryPoints: [path.join(root, 'entry.ts')],
      bundle: true,
      format: 'esm',
      write: false,
      logLevel: 'silent',
      plugins: [iconsEsbuildPlugin({ root })],
    });
    const icons = await evaluate(result.outputFiles[0]!.text);
    expect(icons.prefix).toBe('lucide');
    expect(icons.width).toBe(24);
    expect(Object.keys(icons.icons).sort()).toEqual(['check', 'chevron-down', 'square-activity', 'x']);
    expect(icons.aliases).toEqual({ 'activity-square': { parent: 'square-activity' } });
    expect(icons.icons['chevron-down']!.body).toContain('d="m6 9l6 6l6-6"');
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
