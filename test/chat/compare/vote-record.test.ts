// Issue 38: a blind-mode vote as a library row, and the rule a row from sync or a backup is read by.
import { describe, expect, it } from 'vitest';
import { voteRecord } from '../../../src/chat/compare';
import { readLibraryRecord } from '../../../src/chat/library';

const base = { id: 'v', kind: 'vote', createdAt: 1, updatedAt: 2 };

describe('voteRecord', () => {
  it('makes a vote row stamped now, under a new id, that reads back as it is', () => {
    const record = voteRecord({ models: ['qwen3-8b', 'llama3.2'], winner: 'llama3.2', chatId: 'chat-1' }, 5000);
    expect(record).toEqual({ id: expect.any(String), kind: 'vote', createdAt: 5000, updatedAt: 5000, models: ['qwen3-8b', 'llama3.2'], winner: 'llama3.2', chatId: 'chat-1' });
    expect(record.id).not.toBe(voteRecord({ models: ['a', 'b'] }, 5000).id);
    expect(readLibraryRecord(record)).toEqual({ ok: true, record });
  });

  it('makes a tie without a winner field', () => {
    expect(voteRecord({ models: ['a', 'b', 'c'] }, 1)).not.toHaveProperty('winner');
  });

  it.each([
    [{ models: ['a'] }, 'it does not compare 2 to 4 models'],
    [{ models: ['a', 'b', 'c', 'd', 'e'] }, 'it does not compare 2 to 4 models'],
    [{ models: ['a', 'a'] }, 'it names a model twice'],
    [{ models: ['a', ' '] }, 'its models are not a list of model names'],
    [{ models: ['a', 'b'], winner: 'c' }, 'its winner is not one of its models'],
    [{ models: ['a', 'b'], chatId: '' }, 'its chat is not an id'],
  ])('throws on %j', (input, reason) => {
    expect(() => voteRecord(input, 1)).toThrow(new RangeError(`Not a vote: ${reason}`));
  });
});

describe('readLibraryRecord: a vote from outside', () => {
  it('takes a well-formed vote, a tie and a four-way one', () => {
    for (const row of [
      { ...base, models: ['qwen3-8b', 'llama3'], winner: 'llama3', chatId: 'c1' },
      { ...base, models: ['qwen3-8b', 'llama3'] },
      { ...base, models: ['a', 'b', 'c', 'd'], winner: 'd' },
    ]) {
      expect(readLibraryRecord(row)).toEqual({ ok: true, record: row });
    }
  });

  it('drops fields it does not know', () => {
    expect(readLibraryRecord({ ...base, models: ['a', 'b'], connection: 'local/a' })).toEqual({ ok: true, record: { ...base, models: ['a', 'b'] } });
  });

  it.each([
    [{ winner: 'a' }, 'its models are not a list of model names'],
    [{ models: 'a,b' }, 'its models are not a list of model names'],
    [{ models: ['a', 2] }, 'its models are not a list of model names'],
    [{ models: ['a', ''] }, 'its models are not a list of model names'],
    [{ models: ['a', 'x'.repeat(1001)] }, 'its models are not a list of model names'],
    [{ models: ['a'] }, 'it does not compare 2 to 4 models'],
    [{ models: ['a', 'b', 'c', 'd', 'e'] }, 'it does not compare 2 to 4 models'],
    [{ models: ['a', 'b', 'a'] }, 'it names a model twice'],
    [{ models: ['a', 'b'], winner: 'c' }, 'its winner is not one of its models'],
    [{ models: ['a', 'b'], winner: 1 }, 'its winner is not one of its models'],
    [{ models: ['a', 'b'], winner: null }, 'its winner is not one of its models'],
    [{ models: ['a', 'b'], chatId: 7 }, 'its chat is not an id'],
  ])('refuses %j, saying why', (fields, reason) => {
    expect(readLibraryRecord({ ...base, ...fields })).toEqual({ ok: false, id: 'v', reason });
  });
});
