/** A fetch of lazily loaded code, made at most once at a time and remembered once it worked. */
export interface LoadOnce<T> {
  /** Fetches (or joins the fetch under way); a failure (a redeploy, the network) lets the next call try again. */
  (): Promise<T>;
  /** What the fetch gave, once it has worked: render it at once instead of waiting a tick. */
  loaded(): T | undefined;
  /** Tests: as if nothing had been fetched. */
  reset(): void;
}

export function loadOnce<T>(load: () => Promise<T>): LoadOnce<T> {
  let value: T | undefined;
  let pending: Promise<T> | undefined;
  const fetchOnce = () =>
    (pending ??= load().then(
      (result) => (value = result),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  return Object.assign(fetchOnce, {
    loaded: () => value,
    reset() {
      value = undefined;
      pending = undefined;
    },
  });
}
