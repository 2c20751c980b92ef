import type { MessageKey } from './en';
import { counts } from './en/counts';
import { registerMessages, t } from './index';

/**
 * Counts in words (issue 22: never "1 files"): a counted string has one key per plural category
 * of the catalogue's language (`base.one`, `base.other`, and for other languages `base.few`,
 * `base.many`...), chosen with Intl.PluralRules; `other` is the fallback every base has. Sentences
 * with several counts take each as a counted noun (`count.chats` → "1 chat", "3 chats").
 */

registerMessages(counts);

/** The catalogue's language: its plural rules pick the key (a browser's own language would pick French rules for English words). */
export const CATALOGUE_LOCALE = 'en';
const rules = new Intl.PluralRules(CATALOGUE_LOCALE);

/** The keys that have plural forms, named by their base: `search.count` for `search.count.one` and `search.count.other`. */
export type PluralKey = { [K in MessageKey]: K extends `${infer Base}.other` ? Base : never }[MessageKey];

/**
 * The form of `base` for `count`, with `{count}` filled (by `params.count` when given: a number
 * already formatted for the reader, say) and any other `params`.
 */
export function tn(base: PluralKey, count: number, params?: Readonly<Record<string, string | number>>): string {
  const values = { count, ...params };
  const key = `${base}.${rules.select(count)}` as MessageKey;
  const text = t(key, values);
  return text === key ? t(`${base}.other` as MessageKey, values) : text;
}
