// Types for icons-plugin.mjs (plain JS so build.mjs can run it without a TypeScript step).
import type { Plugin as EsbuildPlugin } from 'esbuild';
import type { Plugin as VitePlugin } from 'vite';
import type { IconSet } from './icon-data';

export declare const BUNDLED_ICONS_FILE: string;
export declare function collectIconNames(srcDir: string): Promise<string[]>;
export declare function pickIcons(set: IconSet, names: readonly string[]): IconSet;
export declare function generateBundledIcons(root: string): Promise<{ code: string; files: string[]; dirs: string[] }>;
export declare function iconsEsbuildPlugin(options: { root: string }): EsbuildPlugin;
export declare function iconsVitePlugin(options: { root: string }): VitePlugin;
