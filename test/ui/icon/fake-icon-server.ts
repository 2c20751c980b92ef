import { vi } from 'vitest';
import type { IconFetch } from '../../../src/ui/icon/icon-source';
import type { IconSet } from '../../../src/ui/icon/icon-data';

/** Test icon sets served by the fake icon service. */
export const serverSets: Record<string, IconSet> = {
  demo: {
    prefix: 'demo',
    width: 24,
    height: 24,
    icons: {
      bell: { body: '<path d="M6 8a6 6 0 0 1 12 0"/>' },
      check: { body: '<path d="M20 6L9 17l-5-5"/>' },
      house: { body: '<path d="M3 10l9-7l9 7"/>' },
    },
    aliases: { home: { parent: 'house' } },
  },
  mdi: { prefix: 'mdi', icons: { star: { body: '<path d="M12 2l3 7h7z"/>' } } },
};

/** A fetch answering like the Iconify API from `serverSets`; hosts listed in `down` fail. */
export function fakeIconFetch({ down = [] as string[] } = {}) {
  return vi.fn<IconFetch>(async (url) => {
    const parsed = new URL(url);
    if (down.some((host) => url.startsWith(host))) throw new TypeError('Failed to fetch');
    const prefix = parsed.pathname.split('/').pop()!.replace(/\.json$/, '');
    const set = serverSets[prefix];
    if (!set) return { ok: false, status: 404, json: async () => 404 };
    const names = parsed.searchParams.get('icons')!.split(',');
    const answer: IconSet = { prefix, icons: {}, aliases: {}, not_found: [], width: set.width, height: set.height };
    for (const name of names) {
      if (set.icons[name]) answer.icons[name] = set.icons[name];
      else if (set.aliases?.[name]) {
        answer.aliases![name] = set.aliases[name];
        const parent = set.aliases[name].parent;
        answer.icons[parent] = set.icons[parent]!;
      } else answer.not_found!.push(name);
    }
    return { ok: true, status: 200, json: async () => answer };
  });
}
