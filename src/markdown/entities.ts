import { lazyModule } from './lazy-module';

// marked leaves named character references (`&copy;`) in text for an HTML renderer to resolve,
// and link destinations undecoded. We render text nodes, so we resolve them ourselves. The
// references people and models actually write are known at once (NAMED); the other ~2,000 of
// HTML5's table (`&Dcaron;`, `&HilbertSpace;`) come from character-entities, loaded only when a
// reply uses one (it is bigger than the rest of the markdown code). Until then the name shows as
// typed; a block that uses one starts the load, and Markdown renders its blocks again once it
// has arrived (markdown.tsx, markdown-block.tsx).

const NAMED: Readonly<Record<string, string>> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', shy: '\u00ad',
  copy: '©', reg: '®', trade: '™', deg: '°', plusmn: '±', times: '×', divide: '÷', micro: 'µ',
  middot: '·', bull: '•', hellip: '…', prime: '′', Prime: '″', sect: '§', para: '¶', dagger: '†',
  ndash: '–', mdash: '—', lsquo: '‘', rsquo: '’', sbquo: '‚', ldquo: '“', rdquo: '”', bdquo: '„',
  laquo: '«', raquo: '»', lsaquo: '‹', rsaquo: '›', iexcl: '¡', iquest: '¿',
  cent: '¢', pound: '£', yen: '¥', euro: '€', curren: '¤',
  larr: '←', rarr: '→', uarr: '↑', darr: '↓', harr: '↔', lArr: '⇐', rArr: '⇒', hArr: '⇔',
  le: '≤', ge: '≥', ne: '≠', asymp: '≈', equiv: '≡', infin: '∞', minus: '−', radic: '√',
  sum: '∑', prod: '∏', part: '∂', nabla: '∇', isin: '∈', notin: '∉', cap: '∩', cup: '∪',
  sub: '⊂', sup: '⊃', and: '∧', or: '∨', not: '¬', forall: '∀', exist: '∃', empty: '∅',
  frac12: '½', frac14: '¼', frac34: '¾', sup2: '²', sup3: '³', ordm: 'º', ordf: 'ª',
  alpha: 'α', beta: 'β', gamma: 'γ', delta: 'δ', epsilon: 'ε', zeta: 'ζ', eta: 'η', theta: 'θ',
  iota: 'ι', kappa: 'κ', lambda: 'λ', mu: 'μ', nu: 'ν', xi: 'ξ', omicron: 'ο', pi: 'π', rho: 'ρ',
  sigma: 'σ', tau: 'τ', upsilon: 'υ', phi: 'φ', chi: 'χ', psi: 'ψ', omega: 'ω',
  Gamma: 'Γ', Delta: 'Δ', Theta: 'Θ', Lambda: 'Λ', Xi: 'Ξ', Pi: 'Π', Sigma: 'Σ', Phi: 'Φ',
  Psi: 'Ψ', Omega: 'Ω', check: '✓', cross: '✗', star: '☆', hearts: '♥', zwj: '\u200d',
  zwnj: '\u200c', ensp: '\u2002', emsp: '\u2003', thinsp: '\u2009',
};

/** Code points a numeric reference may not produce (CommonMark: they become U+FFFD). */
const MAX_CODE_POINT = 0x10ffff;
const SURROGATES = [0xd800, 0xdfff] as const;
const REPLACEMENT = '\ufffd';

const REFERENCE = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z][A-Za-z0-9]{1,31}));/g;

function fromCodePoint(code: number): string {
  if (code === 0 || code > MAX_CODE_POINT || (code >= SURROGATES[0] && code <= SURROGATES[1])) return REPLACEMENT;
  return String.fromCodePoint(code);
}

const fullTable = lazyModule<Readonly<Record<string, string>>>(() => import('character-entities').then((module) => module.characterEntities));
const listeners = new Set<() => void>();

/** The replacement for `&name;`, or undefined when the name is unknown (or not loaded yet). */
function named(name: string): string | undefined {
  if (Object.hasOwn(NAMED, name)) return NAMED[name];
  const full = fullTable.current();
  return full && Object.hasOwn(full, name) ? full[name] : undefined;
}

/** `text` with its character references resolved (`AT&amp;T &copy;` → `AT&T ©`). */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(REFERENCE, (whole, decimal?: string, hex?: string, name?: string) => {
    if (decimal) return fromCodePoint(Number.parseInt(decimal, 10));
    if (hex) return fromCodePoint(Number.parseInt(hex, 16));
    return named(name!) ?? whole;
  });
}

/** Whether the full table has loaded (the snapshot for useSyncExternalStore). */
export function hasFullEntities(): boolean {
  return fullTable.current() !== null;
}

/** Whether `source` names a reference that only the full table may know, while it is not loaded. */
export function needsFullEntities(source: string): boolean {
  if (hasFullEntities() || !source.includes('&')) return false;
  for (const match of source.matchAll(REFERENCE)) if (match[3] && !Object.hasOwn(NAMED, match[3])) return true;
  return false;
}

/** Loads the full table (once); subscribers hear when it has arrived. A failed load stays unknown names. */
export function loadFullEntities(): Promise<void> {
  return fullTable.load().then(
    () => listeners.forEach((listener) => listener()),
    () => undefined,
  );
}

export function subscribeFullEntities(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forgets the loaded table (tests: the lazy path runs again). */
export function resetFullEntities(): void {
  fullTable.setLoader(null);
  listeners.forEach((listener) => listener());
}
