import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstCharacter, initialsOf, resetInitialsForTests } from '../../../src/ui/avatar/initials';

describe('initialsOf (SPEC A5)', () => {
  it.each([
    ['Benjamin Canac', 'BC'],
    ['john doe', 'jd'],
    ['Ann', 'A'],
    ['  Benjamin   Canac  ', 'BC'],
    ['Ann\tLee', 'AL'],
    ['Jean Luc Picard', 'JL'],
    ['🎉 party', '🎉p'],
    ['🇫🇷 France', '🇫🇷F'],
    ['👩‍💻 Dev Team', '👩‍💻D'],
    ['👋🏽 wave', '👋🏽w'],
    ['Émile Zola', 'ÉZ'],
    ['e\u0301mile zola', 'e\u0301z'],
    ['', ''],
    ['   ', ''],
    [undefined, ''],
    [null, ''],
  ])('%j → %j', (alt, expected) => {
    expect(initialsOf(alt)).toBe(expected);
  });
});

describe('without Intl.Segmenter', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    resetInitialsForTests();
  });

  it('falls back to whole code points, never half a surrogate pair', () => {
    // An Intl without Segmenter, as in runtimes that predate it.
    vi.stubGlobal('Intl', {});
    resetInitialsForTests();
    expect(initialsOf('🎉 party')).toBe('🎉p');
    expect(firstCharacter('𝒜lpha')).toBe('𝒜');
    expect(initialsOf('Benjamin Canac')).toBe('BC');
  });
});
