/**
 * Storage failures in three kinds the user can act on: the disk (or the origin's quota) is
 * full, storage is unavailable (private mode, blocked, closed by the browser), or a write
 * failed otherwise.
 */
export type StorageErrorKind = 'full' | 'unavailable' | 'failed';

export class StorageError extends Error {
  override readonly name = 'StorageError';
  readonly kind: StorageErrorKind;

  constructor(kind: StorageErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.kind = kind;
  }
}

/** DOMException names that mean the database can't be used any more (closed, deleted elsewhere, no access). */
const UNAVAILABLE_NAMES = new Set(['InvalidStateError', 'SecurityError', 'UnknownError', 'NotFoundError', 'VersionError']);

function nameOf(value: unknown): string | undefined {
  return value && typeof value === 'object' && 'name' in value && typeof value.name === 'string' ? value.name : undefined;
}

/**
 * Maps whatever a storage call threw to a StorageError. A quota failure often arrives as the
 * transaction's abort (an AbortError on the request, QuotaExceededError on the transaction),
 * so the transaction's error is consulted too.
 */
export function toStorageError(error: unknown, transaction?: { readonly error: unknown } | null): StorageError {
  if (error instanceof StorageError) return error;
  let transactionError: unknown;
  try {
    transactionError = transaction?.error;
  } catch {
    // Reading `error` of a transaction that hasn't finished throws InvalidStateError.
  }
  const names = [nameOf(error), nameOf(transactionError), nameOf((error as { cause?: unknown } | null)?.cause)];
  const message = error instanceof Error ? error.message : String(error);
  if (names.includes('QuotaExceededError')) return new StorageError('full', message, { cause: error });
  if (names.some((name) => name !== undefined && UNAVAILABLE_NAMES.has(name))) {
    return new StorageError('unavailable', message, { cause: error });
  }
  return new StorageError('failed', message, { cause: error });
}
