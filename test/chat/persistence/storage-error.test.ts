// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { StorageError, toStorageError } from '../../../src/chat';

const dom = (name: string) => new DOMException(`a ${name}`, name);

describe('toStorageError', () => {
  it.each([
    ['a quota error', dom('QuotaExceededError'), undefined, 'full'],
    ['an abort caused by the transaction running out of quota', dom('AbortError'), { error: dom('QuotaExceededError') }, 'full'],
    ['a quota error wrapped as a cause', new Error('write failed', { cause: dom('QuotaExceededError') }), undefined, 'full'],
    ['a closed connection', dom('InvalidStateError'), undefined, 'unavailable'],
    ['storage disabled', dom('SecurityError'), undefined, 'unavailable'],
    ['a newer database version', dom('VersionError'), undefined, 'unavailable'],
    ['a bad key', dom('DataError'), undefined, 'failed'],
    ['a plain abort', dom('AbortError'), { error: null }, 'failed'],
    ['anything else', new Error('boom'), undefined, 'failed'],
    ['a transaction whose error cannot be read yet', dom('AbortError'), { get error(): never { throw dom('InvalidStateError'); } }, 'failed'],
  ])('maps %s to %s', (_, error, transaction, kind) => {
    const mapped = toStorageError(error, transaction);
    expect(mapped).toBeInstanceOf(StorageError);
    expect(mapped.kind).toBe(kind);
    expect(mapped.cause).toBe(error);
  });

  it('passes a StorageError through', () => {
    const error = new StorageError('full', 'disk full');
    expect(toStorageError(error)).toBe(error);
  });
});
