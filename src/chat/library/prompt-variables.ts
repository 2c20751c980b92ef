/**
 * A saved prompt's variables: `{{name}}` fields the user fills in a small form before the
 * prompt is inserted, and the built-ins Parley fills itself (date, time, clipboard, selection).
 */

export const BUILT_IN_VARIABLES = ['date', 'time', 'clipboard', 'selection'] as const;
export type BuiltInVariable = (typeof BUILT_IN_VARIABLES)[number];

/** `{{ name }}`: letters, digits, spaces, `_` and `-` inside; anything else is left as text. */
const VARIABLE = /\{\{\s*([\p{L}\p{N}_][\p{L}\p{N}_ -]{0,63}?)\s*\}\}/gu;

export interface PromptVariable {
  name: string;
  builtIn: boolean;
}

export const isBuiltIn = (name: string): name is BuiltInVariable => (BUILT_IN_VARIABLES as readonly string[]).includes(name.toLowerCase());

/** The variables of a body, each once, in the order they first appear. */
export function promptVariables(body: string): PromptVariable[] {
  const seen = new Map<string, PromptVariable>();
  for (const match of body.matchAll(VARIABLE)) {
    const name = match[1]!;
    const key = isBuiltIn(name) ? name.toLowerCase() : name;
    if (!seen.has(key)) seen.set(key, { name: key, builtIn: isBuiltIn(name) });
  }
  return [...seen.values()];
}

/** The body with each variable replaced by its value; a variable with no value is left as written. */
export function fillPrompt(body: string, values: Readonly<Record<string, string>>): string {
  return body.replace(VARIABLE, (whole, raw: string) => {
    const key = isBuiltIn(raw) ? raw.toLowerCase() : raw;
    return Object.hasOwn(values, key) ? values[key]! : whole;
  });
}

/** The date and time built-ins, in the user's locale. */
export function dateTimeValues(now: Date, locale?: string): Record<'date' | 'time', string> {
  return {
    date: now.toLocaleDateString(locale, { year: 'numeric', month: 'long', day: 'numeric' }),
    time: now.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' }),
  };
}
