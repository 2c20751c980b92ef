import type { IconSet } from './icon-data';

// This file is a placeholder. At test time (vitest), icons-plugin.mjs replaces its contents with
// the Lucide icons that the source code names, taken from @iconify-json/lucide. The app build
// leaves it empty: there each module brings the icons it names (icons-plugin.mjs), so the first
// screen carries only its own. Left as is (e.g. by tsc) it is an empty set of the right type.
export const bundledIcons: IconSet = { prefix: 'lucide', icons: {} };
