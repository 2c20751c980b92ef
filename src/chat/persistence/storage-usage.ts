/** How much of the origin's storage is used (bytes), as navigator.storage.estimate() reports it. */
export interface StorageUsage {
  used: number;
  quota: number;
}

/** How much storage the origin uses and may use, as navigator.storage.estimate() answers. */
export type EstimateStorage = () => Promise<{ usage?: number; quota?: number }>;

/** A browser whose disk is struggling may answer slowly: the warning doesn't wait longer than this. */
export const ESTIMATE_TIMEOUT_MS = 1000;

/** The browser's estimate, where there is one (not in workers of every browser, nor in Node). */
export function browserEstimate(): EstimateStorage | undefined {
  const storage = globalThis.navigator?.storage;
  return typeof storage?.estimate === 'function' ? () => storage.estimate() : undefined;
}

/** Bytes used and allowed, or undefined when the browser can't say (in time). */
export async function readUsage(estimate: EstimateStorage): Promise<StorageUsage | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ESTIMATE_TIMEOUT_MS);
  });
  try {
    const answer = await Promise.race([estimate(), late]);
    if (answer?.usage === undefined || !answer.quota) return undefined;
    return { used: answer.usage, quota: answer.quota };
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}
