/**
 * Which changes feed the server can give the pull, read from its welcome (`GET /`) before sync
 * starts and told by Test: CouchDB 2+ filters it by a Mango selector (`filter=_selector`), so
 * files stay on the server; PouchDB Server, CouchDB 1 and Couchbase Sync Gateway cannot, and the
 * pull reads the whole feed and skips them itself (replication-options.ts). The server is not
 * asked to try the filter: PouchDB Server 4.2 answers 404 and then its process dies.
 */
import type { Fetcher } from './remote-access';

export type ChangesFeed = 'selector' | 'unfiltered';

/** CouchDB's first version with `filter=_selector`. */
const FIRST_SELECTOR_MAJOR = 2;

/** The feed a server's welcome promises: a root that does not answer (a proxy that serves only the database) is taken for CouchDB's. */
export function feedOfWelcome(welcome: unknown): ChangesFeed {
  if (typeof welcome !== 'object' || welcome === null) return 'selector';
  const { couchdb, version } = welcome as { couchdb?: unknown; version?: unknown };
  // Sync Gateway says "Welcome" too, with a version that starts with its name.
  if (couchdb === 'Welcome' && typeof version === 'string') return Number.parseInt(version, 10) >= FIRST_SELECTOR_MAJOR ? 'selector' : 'unfiltered';
  return 'unfiltered';
}

export async function readChangesFeed(serverUrl: string, fetcher: Fetcher): Promise<ChangesFeed> {
  try {
    const response = await fetcher(`${serverUrl}/`);
    return feedOfWelcome(response.ok ? ((await response.json()) as unknown) : undefined);
  } catch {
    return feedOfWelcome(undefined);
  }
}
