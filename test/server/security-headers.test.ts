// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HEADER_POLICY, PAGE_POLICY, PERMISSIONS_POLICY, SANDBOX_HEADER_POLICY, SANDBOX_HEADERS, SANDBOX_META_POLICY, SECURITY_HEADERS } from '../../src/server/security-headers.mjs';

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

  it('frames nothing but Parley’s own documents (the artifact sandbox, issue 36)', () => {
    expect(PAGE_POLICY).toContain("frame-src 'self'");
  });

  it('puts the sandbox in an opaque origin with no way out, framed by Parley alone', () => {
    const directives = SANDBOX_HEADER_POLICY.split('; ');
    expect(directives[0]).toBe('sandbox allow-scripts');
    for (const directive of ["default-src 'none'", "connect-src 'none'", "form-action 'none'", "frame-src 'none'", "base-uri 'none'", "frame-ancestors 'self'", 'img-src data: blob:']) {
      expect(directives).toContain(directive);
    }
    // Nothing of the network: no source in the policy names a scheme that reaches a server.
    expect(SANDBOX_HEADER_POLICY).not.toMatch(/https?:|wss?:|\*/);
    expect(directives.filter((directive) => directive.includes("'self'"))).toEqual(["frame-ancestors 'self'"]);
    expect(SANDBOX_META_POLICY).not.toMatch(/sandbox|frame-ancestors/);
    expect(SANDBOX_HEADERS['Content-Security-Policy']).toBe(SANDBOX_HEADER_POLICY);
  });

  it('denies the powerful features Parley does not use and keeps clipboard-write and the microphone (issue 39) for itself alone', () => {
    for (const feature of ['camera', 'geolocation', 'payment', 'usb']) {
      expect(PERMISSIONS_POLICY.split(', ')).toContain(`${feature}=()`);
    }
    expect(PERMISSIONS_POLICY.split(', ')).toContain('clipboard-write=(self)');
    // Parley's page only: no frame, whatever its origin, is given the microphone.
    expect(PERMISSIONS_POLICY.split(', ')).toContain('microphone=(self)');
    expect(PERMISSIONS_POLICY).not.toMatch(/microphone=\((?!self\))/);
  });

  it.each([
    ['nginx', (name: string, value: string) => `add_header ${name} "${value}" always;`],
    ['caddy', (name: string, value: string) => `${name} "${value}"`],
  ])('README gives the same headers for %s', (language, line) => {
    const block = fenced(language);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(block).toContain(line(name, value));
  });

  it.each([
    ['nginx', (name: string, value: string) => `add_header ${name} "${value}" always;`],
    ['caddy', (name: string, value: string) => `${name} "${value}"`],
  ])('README gives sandbox.html’s own headers for %s', (language, line) => {
    const block = fenced(language);
    expect(block).toContain('sandbox');
    for (const name of ['Content-Security-Policy', 'X-Frame-Options']) expect(block).toContain(line(name, SANDBOX_HEADERS[name]!));
  });
});
