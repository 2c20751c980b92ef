// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * WCAG AA needs 4.5:1 for the sidebar's small group labels ("Today", "Yesterday"…) and the
 * hotkey hints, in both themes. Read from the CSS itself, so a token change can't slip below.
 */
const AA_SMALL_TEXT = 4.5;

const SRC = fileURLToPath(new URL('../../src', import.meta.url));
const read = (file: string) => readFileSync(path.join(SRC, file), 'utf8');
const tokens = read('styles/tokens.css');
const sidebar = read('app/sidebar/sidebar.css');

/** The token values declared in the first block whose selector contains `selector`. */
function tokensOf(selector: string): Record<string, string> {
  const start = tokens.indexOf(`${selector} {`);
  const block = tokens.slice(start, tokens.indexOf('}', start));
  return Object.fromEntries([...block.matchAll(/(--[\w-]+):\s*(#[0-9a-f]{6})/gi)].map(([, name, value]) => [name!, value!]));
}

function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The colour and background variables a rule uses. */
function ruleColours(selector: string): { color: string; background: string } {
  const start = sidebar.indexOf(`${selector} {`);
  const rule = sidebar.slice(start, sidebar.indexOf('}', start));
  return { color: /\bcolor:\s*var\((--[\w-]+)\)/.exec(rule)![1]!, background: /background:\s*var\((--[\w-]+)\)/.exec(rule)![1]! };
}

describe('sidebar group labels', () => {
  const light = tokensOf(':root');
  const dark = { ...light, ...tokensOf(":root[data-theme='dark']") };
  const { color, background } = ruleColours('.chat-group__heading');

  it.each([
    ['light', light],
    ['dark', dark],
  ])('reach 4.5:1 against their background in the %s theme', (_, theme) => {
    expect(contrast(theme[color]!, theme[background]!)).toBeGreaterThanOrEqual(AA_SMALL_TEXT);
  });

  it.each([
    ['light', light],
    ['dark', dark],
  ])('keep 4.5:1 on a hovered row (the hotkey hints) in the %s theme', (_, theme) => {
    expect(contrast(theme[color]!, theme['--color-surface-hover']!)).toBeGreaterThanOrEqual(AA_SMALL_TEXT);
  });

  it('computes contrast as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#6b7380', '#f6f7f9')).toBeCloseTo(4.46, 2);
  });
});
