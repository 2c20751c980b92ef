import type { StoredAttachment } from '../persistence';

/**
 * Attachments on demand (issue 15): the pull leaves files' bytes on the CouchDB server, so a chat
 * from another device can show a file this device has not got yet. The store asks here for a row
 * it does not have; while sync runs, the sync service answers by reading it from the server (and
 * keeping it). A seam of the store that sync fills: the store loads it when a row is missing,
 * sync (after the first screen) sets the fetcher.
 */

type Fetcher = (attachmentId: string) => Promise<StoredAttachment | undefined>;

let fetcher: Fetcher | undefined;
/** One request per file, however many views ask for it meanwhile (a thumbnail, its viewer). */
const inFlight = new Map<string, Promise<StoredAttachment | undefined>>();

export function setMissingAttachmentFetcher(next: Fetcher | undefined): void {
  fetcher = next;
  inFlight.clear();
}

/** The row from the sync server, or undefined (sync off, the server unreachable, or no such file). */
export function fetchMissingAttachment(attachmentId: string): Promise<StoredAttachment | undefined> {
  if (!fetcher) return Promise.resolve(undefined);
  const running = inFlight.get(attachmentId);
  if (running) return running;
  const request = fetcher(attachmentId)
    .catch(() => undefined)
    .finally(() => inFlight.delete(attachmentId));
  inFlight.set(attachmentId, request);
  return request;
}
