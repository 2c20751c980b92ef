// @vitest-environment node
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { appIconFiles, APP_ICONS } from '../../src/server/app-icons.mjs';
import { webManifest } from '../../src/server/web-manifest.mjs';

/** The PNG's size and RGBA pixels, read back with zlib (8-bit RGBA, no filter: what encodePng writes). */
function decode(png: Buffer) {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const rows = inflateSync(Buffer.concat(idat));
  const alpha = (x: number, y: number) => rows[y * (width * 4 + 1) + 1 + x * 4 + 3]!;
  return { width, height, alpha };
}

describe('the app icons (issue 26), drawn at build time', () => {
  it('are PNGs at the sizes the manifest names: 192 and 512 for Chromium, a maskable 512', () => {
    const files = appIconFiles();
    expect(files.map(({ file, size, purpose }) => `${file} ${size} ${purpose}`)).toEqual([
      'icon-32.png 32 any',
      'icon-192.png 192 any',
      'icon-512.png 512 any',
      'icon-maskable-512.png 512 maskable',
    ]);
    for (const { png, size } of files) {
      const { width, height } = decode(png);
      expect([width, height]).toEqual([size, size]);
    }
  });

  it('round the plain icon’s corners, and fill the maskable one to its edges (the platform crops it)', () => {
    const [, , plain, maskable] = appIconFiles().map((icon) => decode(icon.png));
    expect(plain!.alpha(0, 0)).toBe(0);
    expect(plain!.alpha(256, 256)).toBe(255);
    expect(maskable!.alpha(0, 0)).toBe(255);
  });
});

describe('the web app manifest (issue 26)', () => {
  const manifest = webManifest({ description: 'Parley: chats.' });

  it('is installable as a standalone app whose start and scope follow the base path (relative addresses)', () => {
    expect(manifest).toMatchObject({ name: 'Parley', short_name: 'Parley', description: 'Parley: chats.', display: 'standalone', start_url: './', scope: './', id: './' });
    expect(manifest.icons.map((icon) => icon.src)).toEqual(APP_ICONS.map((icon) => `icons/${icon.file}`));
  });

  it('takes shared text by GET with title, text and url', () => {
    expect(manifest.share_target).toEqual({ action: './', method: 'GET', enctype: 'application/x-www-form-urlencoded', params: { title: 'title', text: 'text', url: 'url' } });
  });

  it('has a theme colour per scheme', () => {
    expect(manifest.theme_color).toBe('#ffffff');
    expect(manifest.user_preferences.color_scheme_dark.theme_color).toBe('#0f1115');
  });
});
