// @vitest-environment node
// Issue 33: the app speaks British English, so a summary is "Summarise" everywhere a user reads
// it (the catalogue, the README, the docs), never "Summarize" in one place and "Summarise" in another.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/en';

const AMERICAN = /summariz/i;
const root = path.resolve(__dirname, '../..');
const docs = ['README.md', ...readdirSync(path.join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

describe('one spelling of "summarise"', () => {
  it('the catalogue says "Summarise"', () => {
    expect(Object.entries(en).filter(([, text]) => AMERICAN.test(text))).toEqual([]);
    expect(Object.values(en).some((text) => /summarise/i.test(text))).toBe(true);
  });

  it.each(docs)('%s says "summarise"', (file) => {
    const lines = readFileSync(path.join(root, file), 'utf8').split('\n').filter((line) => AMERICAN.test(line));
    expect(lines).toEqual([]);
  });
});
