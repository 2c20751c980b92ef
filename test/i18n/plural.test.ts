import { beforeAll, describe, expect, it } from 'vitest';
import { registerMessages } from '../../src/i18n';
import { en } from '../../src/i18n/en';
import { tn } from '../../src/i18n/plural';

const PLURAL_KEY = /\.(zero|one|two|few|many|other)$/;
/**
 * A number placeholder followed by a noun that has a plural form: the sentence must come from a
 * plural key. A rate (`{rate} tokens/s`) and a fixed limit (`at most {limit} files`, `{limitTokens} tokens`) are not counts.
 */
const COUNTED_NOUN = /\{(?!rate\}|limit\w*\})\w+\} (chats?|messages?|files?|models?|tokens?|days?|changes?|items?|parts?|pages?|tools?|events?|pictures?|results?|sources?)\b/;

// The areas the strings under test belong to load with their chunks; here they are all registered.
beforeAll(() => registerMessages(en));

describe('tn: counts in words with Intl.PluralRules', () => {
  it.each([
    [0, '0 chats found'],
    [1, '1 chat found'],
    [2, '2 chats found'],
    [21, '21 chats found'],
  ])('%i → %s', (count, text) => {
    expect(tn('search.count', count)).toBe(text);
  });

  it('fills the other placeholders, and a formatted count when given', () => {
    expect(tn('sync.progress.text', 1, { done: 0 })).toBe('0 of 1 item synced');
    expect(tn('sync.progress.text', 12_000, { done: '1,000', count: '12,000' })).toBe('1,000 of 12,000 items synced');
  });

  it('falls back to the other form when a language has no form of its own for the category', () => {
    expect(tn('import.skipped.hidden', 1)).toBe('1 hidden by the app');
  });
});

describe('the catalogue: every count shown goes through plural rules', () => {
  const entries = Object.entries(en) as [string, string][];

  it('has no sentence with a counted noun outside a plural key', () => {
    const offenders = entries.filter(([key, text]) => !PLURAL_KEY.test(key) && COUNTED_NOUN.test(text)).map(([key, text]) => `${key}: ${text}`);
    expect(offenders).toEqual([]);
  });

  it('gives every plural key an other form, and writes the count into each form (other languages’ one covers 21 too)', () => {
    const bases = new Set(entries.filter(([key]) => PLURAL_KEY.test(key)).map(([key]) => key.replace(PLURAL_KEY, '')));
    const keys = new Set(entries.map(([key]) => key));
    expect([...bases].filter((base) => !keys.has(`${base}.other`))).toEqual([]);
    const without = entries.filter(([key, text]) => PLURAL_KEY.test(key) && !text.includes('{count}') && !text.startsWith('A file')).map(([key]) => key);
    expect(without).toEqual([]);
  });
});
