// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Connection, ModelList, ModelOptionGroup } from '../../../src/chat/connections';
import { flatOptions, foldText, optionMatches, pickerGroups } from '../../../src/pages/shared/model-search';

const group = (id: string, name: string, ids: string[], list: Partial<ModelList> = {}, extra: Partial<Connection> = {}): ModelOptionGroup => ({
  connection: { id, name, kind: 'custom', baseUrl: `http://${id}/v1`, ...extra },
  list: { status: 'ready', ids, ...list },
  options: ids.map((modelId) => ({ ref: `${id}/${modelId}`, modelId })),
});

describe('foldText and optionMatches', () => {
  it.each([
    ['Mistral Médium', 'mistral medium'],
    ['ÇA', 'ca'],
    ['Ｑwen', 'ｑwen'],
  ])('%j folds to %j', (text, folded) => {
    expect(foldText(text)).toBe(folded);
  });

  it.each([
    ['medium', true],
    ['MÉDIUM', true],
    ['stral-m', true],
    ['openrouter', true],
    ['gpt', false],
    ['  ', true],
  ])('“%s” matches Mistral-Médium on OpenRouter: %s', (query, expected) => {
    expect(optionMatches({ modelId: 'mistralai/Mistral-Médium', connectionName: 'OpenRouter' }, query)).toBe(expected);
  });
});

describe('pickerGroups: embedding models apart', () => {
  it('lists a connection’s embedding models in a group of their own after every chat model', () => {
    const ollama = group('o', 'Ollama', ['llama3.2', 'qwen3', 'bge-m3', 'nomic-embed-text'], { embedding: { 'bge-m3': true, 'nomic-embed-text': true } });
    const embedOnly = group('e', 'Embedder', ['mxbai-embed-large'], { embedding: { 'mxbai-embed-large': true } });
    const shown = pickerGroups([ollama, embedOnly, group('b', 'Beta', ['gemma'])], ['o/llama3.2'], '');
    expect(shown.map((g) => [g.id, g.kind, g.options.map((o) => o.modelId), g.status])).toEqual([
      ['recent', undefined, ['llama3.2'], 'ok'],
      ['o', undefined, ['llama3.2', 'qwen3'], 'ok'],
      ['e', undefined, [], 'empty'],
      ['b', undefined, ['gemma'], 'ok'],
      ['embedding:o', 'embedding', ['bge-m3', 'nomic-embed-text'], 'ok'],
      ['embedding:e', 'embedding', ['mxbai-embed-large'], 'ok'],
    ]);
    expect(pickerGroups([ollama], [], 'nomic').map((g) => g.id)).toEqual(['embedding:o']);
  });
});

describe('pickerGroups', () => {
  const groups = [group('a', 'Alpha', ['llama3.2', 'qwen3']), group('b', 'Beta', ['gemma']), group('c', 'Gamma', [], { status: 'error' })];

  it('puts the recent models that are still listed first, then every connection, each saying why it is empty', () => {
    const shown = pickerGroups(groups, ['b/gemma', 'gone/x', 'a/qwen3'], '');
    expect(shown.map((g) => [g.id, g.options.map((o) => o.key), g.status])).toEqual([
      ['recent', ['recent:b/gemma', 'recent:a/qwen3'], 'ok'],
      ['a', ['a/llama3.2', 'a/qwen3'], 'ok'],
      ['b', ['b/gemma'], 'ok'],
      ['c', [], 'failed'],
    ]);
    expect(flatOptions(shown).map((o) => o.ref)).toEqual(['b/gemma', 'a/qwen3', 'a/llama3.2', 'a/qwen3', 'b/gemma']);
  });

  it('while searching, keeps only the groups with a match', () => {
    expect(pickerGroups(groups, ['a/qwen3'], 'QWEN').map((g) => [g.id, g.options.map((o) => o.modelId)])).toEqual([
      ['recent', ['qwen3']],
      ['a', ['qwen3']],
    ]);
    expect(pickerGroups(groups, [], 'zzz')).toEqual([]);
  });

  it.each([
    [{ status: 'loading' as const }, {}, 'loading'],
    [{ status: 'idle' as const }, {}, 'loading'],
    [{ status: 'ready' as const }, {}, 'empty'],
    [{ status: 'error' as const }, {}, 'failed'],
    [{ status: 'idle' as const }, { pending: true as const }, 'pending'],
  ])('an empty list %j of a connection %j is %s', (list, extra, status) => {
    expect(pickerGroups([group('x', 'X', [], list, extra)], [], '')[0]!.status).toBe(status);
  });
});
