// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HEADER_POLICY, PAGE_POLICY, PERMISSIONS_POLICY, SECURITY_HEADERS } from '../../src/server/security-headers.mjs';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/** The body of the first fenced block in README.md with this language. */
function fenced(language: string): string {
  const match = new RegExp('```' + language + '\\n([\\s\\S]*?)```').exec(README);
  if (!match) throw new Error(`README.md has no ${language} block`);
  return match[1]!;
}

describe('the security policy', () => {
  it('is the page policy plus frame-ancestors none in the header', () => {
    expect(HEADER_POLICY).toBe(`${PAGE_POLICY}; frame-ancestors 'none'`);
    expect(PAGE_POLICY).not.toContain('frame-ancestors');
    expect(PAGE_POLICY).toContain("script-src 'self'");
    expect(PAGE_POLICY).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  });

  it('denies the powerful features Parley does not use and keeps clipboard-write for itself', () => {
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
      expect(PERMISSIONS_POLICY.split(', ')).toContain(`${feature}=()`);
    }
    expect(PERMISSIONS_POLICY.split(', ')).toContain('clipboard-write=(self)');
  });

  it.each([
    ['nginx', (name: string, value: string) => `add_header ${name} "${value}" always;`],
    ['caddy', (name: string, value: string) => `${name} "${value}"`],
  ])('README gives the same headers for %s', (language, line) => {
    const block = fenced(language);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(block).toContain(line(name, value));
  });
});
