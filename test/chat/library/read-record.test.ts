import { describe, expect, it } from 'vitest';
import { readLibraryRecord } from '../../../src/chat/library';

const base = { createdAt: 1, updatedAt: 2 };

describe('reading a library row from outside', () => {
  it('takes each kind whole', () => {
    const rows = [
      { id: 'instructions', kind: 'instructions', about: 'a', style: 'b', enabled: true, ...base },
      { id: 'defaults', kind: 'defaults', temperature: 0.5, toolServers: ['s'], webSearch: true, ...base },
      { id: 'p', kind: 'preset', name: 'Coder', model: 'm', maxTokens: 100, ...base },
      { id: 'deep', kind: 'preset', name: 'Deep thought', model: 'claude', thinkingBudget: 4096, reasoningEffort: 'high', ...base },
      { id: 'j', kind: 'project', name: 'App', instructions: 'x', files: [{ id: 'f', name: 'a.md', kind: 'text', size: 1, text: 'a', addedAt: 1 }], ...base },
      { id: 'q', kind: 'prompt', name: 'Hi', body: 'Say {{x}}', ...base },
    ];
    for (const row of rows) expect(readLibraryRecord(row)).toEqual({ ok: true, record: row });
  });

  it('names what is wrong instead of failing', () => {
    expect(readLibraryRecord('x')).toEqual({ ok: false, reason: 'it is not an object' });
    expect(readLibraryRecord({ id: 'a', kind: 'spaceship', ...base })).toMatchObject({ ok: false, id: 'a', reason: 'its kind "spaceship" is not one Parley knows' });
    expect(readLibraryRecord({ id: 'a', kind: 'preset', name: 'Hot', temperature: 9, ...base })).toMatchObject({ ok: false, id: 'a', name: 'Hot' });
    expect(readLibraryRecord({ id: 'a', kind: 'prompt', name: '', body: 'x', ...base })).toMatchObject({ ok: false, reason: 'it has no name' });
    expect(readLibraryRecord({ id: 'a', kind: 'project', name: 'P', files: [{ id: 'f' }], ...base })).toMatchObject({ ok: false, reason: 'one of its files is broken' });
    expect(readLibraryRecord({ kind: 'prompt', name: 'P', body: 'x', ...base })).toMatchObject({ ok: false, reason: 'it has no id' });
    expect(readLibraryRecord({ id: 'a', kind: 'preset', name: 'Shallow', thinkingBudget: 100, ...base })).toMatchObject({ ok: false, reason: 'its thinking budget is not a whole number of 1,024 or more' });
    expect(readLibraryRecord({ id: 'a', kind: 'defaults', reasoningEffort: 'maximal', ...base })).toMatchObject({ ok: false, reason: 'its reasoning effort is not minimal, low, medium or high' });
    expect(readLibraryRecord({ id: 'a', kind: 'defaults', webSearch: 'yes', ...base })).toMatchObject({ ok: false, reason: 'its web search is neither on nor off' });
  });

  it('drops fields it does not know (nothing foreign is stored)', () => {
    const read = readLibraryRecord({ id: 'q', kind: 'prompt', name: 'Hi', body: 'b', extra: '<img>', ...base });
    expect(read).toEqual({ ok: true, record: { id: 'q', kind: 'prompt', name: 'Hi', body: 'b', ...base } });
  });
});
