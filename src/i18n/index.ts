import { en, type MessageKey } from './en';

export type { MessageKey };
export type Catalogue = Record<MessageKey, string>;

let catalogue: Catalogue = en;

/** Swaps the active catalogue (tests, future languages). */
export function setCatalogue(next: Catalogue) {
  catalogue = next;
}

/** The text for a key, with `{name}` placeholders filled from `params`. */
export function t(key: MessageKey, params?: Readonly<Record<string, string | number>>): string {
  const text = catalogue[key] ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
