import { describe, expect, it } from 'vitest';
import { decodeEntities } from '../../src/markdown';

describe('decodeEntities', () => {
  it.each([
    ['AT&amp;T', 'AT&T'],
    ['&lt;b&gt;', '<b>'],
    ['&copy; 2024 &mdash; caf&eacute;', '© 2024 — caf&eacute;'],
    ['&#169; &#xA9; &#X1F600;', '© © 😀'],
    ['&#0; &#xD800; &#x110000;', '\ufffd \ufffd \ufffd'],
    ['&unknown; & alone &amp', '&unknown; & alone &amp'],
    ['no references', 'no references'],
  ])('%s → %s', (text, expected) => {
    expect(decodeEntities(text)).toBe(expected);
  });
});
