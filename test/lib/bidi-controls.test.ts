// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { hasBidiControls, isolatedName, showBidiControls } from '../../src/lib/bidi-controls';

describe('showBidiControls', () => {
  it.each([
    ['invoice-\u202Efdp.txt', 'invoice-⟨U+202E⟩fdp.txt'],
    ['a\u202Ab\u202Bc\u202Cd\u202De', 'a⟨U+202A⟩b⟨U+202B⟩c⟨U+202C⟩d⟨U+202D⟩e'],
    ['\u2066x\u2067y\u2068z\u2069', '⟨U+2066⟩x⟨U+2067⟩y⟨U+2068⟩z⟨U+2069⟩'],
    ['\u200Eleft\u200Fright\u061Carabic', '⟨U+200E⟩left⟨U+200F⟩right⟨U+061C⟩arabic'],
    ['\u202E\u202E', '⟨U+202E⟩⟨U+202E⟩'],
    // Ordinary names, right-to-left letters and other invisible characters are left as they are.
    ['notes.txt', 'notes.txt'],
    ['تقرير.pdf', 'تقرير.pdf'],
    ['zero\u200Bwidth\u200Djoiner', 'zero\u200Bwidth\u200Djoiner'],
    ['', ''],
  ])('%j → %j', (name, shown) => {
    expect(showBidiControls(name)).toBe(shown);
    expect(hasBidiControls(name)).toBe(name !== shown);
  });

  it('answers the same on every call (no regex state carried between them)', () => {
    expect([1, 2, 3].map(() => hasBidiControls('a\u202Eb'))).toEqual([true, true, true]);
  });
});

describe('isolatedName', () => {
  it('isolates a name holding controls (FSI … PDI) and shows them', () => {
    expect(isolatedName('invoice-\u202Efdp.txt')).toBe('\u2068invoice-⟨U+202E⟩fdp.txt\u2069');
  });

  it('leaves a name without controls as it is', () => {
    expect(isolatedName('report.pdf')).toBe('report.pdf');
  });
});
