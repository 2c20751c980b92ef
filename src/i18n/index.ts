import type { MessageKey } from './en';
import { chat } from './en/chat';
import { kit } from './en/kit';
import { modelPicker } from './en/model-picker';
import { shell } from './en/shell';

export type { MessageKey };
export type Catalogue = Record<MessageKey, string>;

/**
 * The areas the first screen shows. The others (the chat page, settings, the shortcuts help,
 * model error explanations) travel with the chunk that shows them and register on import,
 * before it renders (issue 12: the first screen carries only its own strings).
 */
const startMessages = { ...shell, ...kit, ...chat, ...modelPicker };

let catalogue: Partial<Catalogue> = startMessages;
/** The areas lazily loaded chunks registered: kept when the catalogue is swapped. */
let registered: Partial<Catalogue> = {};

/** Swaps the active catalogue (tests, future languages); its strings win over registered areas. */
export function setCatalogue(next: Partial<Catalogue>) {
  catalogue = next;
}

/**
 * Adds an area's strings: a lazily loaded chunk calls it, before it renders, with the strings it
 * shows, so no key is ever shown while its text is on its way.
 */
export function registerMessages(part: Partial<Catalogue>) {
  registered = { ...registered, ...part };
}

/** The text for a key, with `{name}` placeholders filled from `params`. */
export function t(key: MessageKey, params?: Readonly<Record<string, string | number>>): string {
  const text = catalogue[key] ?? registered[key] ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
