import { createContext } from 'react';

/**
 * A reply with thousands of formulas (a pathological reply, or a table of prices) would add a
 * KaTeX subtree per formula: 200,000 of them froze the tab for a minute even with every formula
 * the same. Past this many, a reply shows its formulas as TeX source, which costs a text node.
 */
export const MAX_TYPESET_FORMULAS = 1000;

/** Whether formulas in this reply are typeset (true) or shown as their source (false). */
export const FormulaTypesetContext = createContext(true);

/**
 * Whether a reply is within the budget, counted from its delimiters: every `$` (a formula has two,
 * `$$` four) and every `\(` or `\[`. One pass with indexOf, stopping as soon as the cap is passed.
 */
export function withinFormulaBudget(text: string): boolean {
  const cap = 2 * MAX_TYPESET_FORMULAS;
  let count = 0;
  for (let at = text.indexOf('$'); at !== -1; at = text.indexOf('$', at + 1)) if (++count > cap) return false;
  for (const opener of ['\\(', '\\[']) {
    for (let at = text.indexOf(opener); at !== -1; at = text.indexOf(opener, at + 2)) if ((count += 2) > cap) return false;
  }
  return true;
}
