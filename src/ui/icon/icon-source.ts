import { DEFAULT_ICON_HOST } from './icon-request';

// Where icons that are not bundled come from (the hosts and the transport) and what could not
// be asked for. Apart from the loader (icon-loader.ts), which the first screen never needs: every
// icon it draws is bundled, so the loader's code is fetched with the first icon that is not.

/** HTTP's "Failed Dependency": reported when there is no icon source (no host, no fetch). */
export const ICON_SOURCE_UNAVAILABLE = 424;
/** Reported when every icon asked for has an answer (loaded or missing). */
export const ICON_LOAD_OK = 200;

/** The part of `fetch` the loader uses, so tests (or an app) can supply their own. */
export type IconFetch = (url: string) => Promise<{
  readonly ok: boolean;
  readonly status: number;
  json(): Promise<unknown>;
}>;

export type IconLoadStatus = 'loaded' | 'missing' | 'unavailable';

/** What `loadIcons` resolves with. Names are sorted and spelled `prefix:name` (invalid names as given, under missing). */
export interface IconLoadResult {
  /** 424 when some icon could not be asked for: no host, no fetch, or every host failed. */
  readonly status: typeof ICON_LOAD_OK | typeof ICON_SOURCE_UNAVAILABLE;
  readonly loaded: string[];
  readonly missing: string[];
  readonly unavailable: string[];
}

/** The source as the loader reads it: one object, so a reset is seen by the loader at once. */
export const iconSource = {
  hosts: [DEFAULT_ICON_HOST] as readonly string[],
  /** undefined: the global fetch (looked up when a batch goes out); null: none. */
  customFetch: undefined as IconFetch | null | undefined,
  /** Icons that could not be asked for; remembered until the configuration changes. */
  unavailable: new Set<string>(),
  /** Bumped by reset so answers to an older session's requests are dropped. */
  generation: 0,
};

/** Sets the icon service hosts, tried in order when one fails; `[]` means none (424). */
export function setIconHosts(next: readonly string[]): void {
  iconSource.hosts = [...next];
  iconSource.unavailable.clear();
}

/** Sets the transport: a fetch-like function, `null` for none (424), `undefined` for the global fetch. */
export function setIconFetch(next: IconFetch | null | undefined): void {
  iconSource.customFetch = next;
  iconSource.unavailable.clear();
}

type Loader = typeof import('./icon-loader');
let loader: Loader | undefined;
let loading: Promise<Loader> | undefined;

/**
 * Makes the named icons available in storage. Resolves (never rejects) once each has an answer;
 * `status` is 424 when some could not be asked for. Answers are kept, so calling again is cheap.
 */
export async function loadIcons(names: readonly string[]): Promise<IconLoadResult> {
  loader ??= await (loading ??= import('./icon-loader'));
  return loader.loadIconsNow(names);
}

/** Restores the default hosts and transport and forgets pending and unavailable icons (tests). */
export function resetIconSource(): void {
  iconSource.generation += 1;
  iconSource.hosts = [DEFAULT_ICON_HOST];
  iconSource.customFetch = undefined;
  iconSource.unavailable.clear();
  loader?.resetIconLoader();
}
