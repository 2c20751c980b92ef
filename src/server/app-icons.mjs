// Node-only: draws Parley's app icons (issue 26: the manifest's icons, the favicon) as PNG files
// at build time, from a few shapes, with Node's zlib alone: no image tool, no binary in the repository.
import { crc32, deflateSync } from 'node:zlib';

/** The brand colour (--color-primary, light theme) and the bubble's. */
const BACKGROUND = [0x43, 0x38, 0xca];
const FOREGROUND = [0xff, 0xff, 0xff];
/** Samples per pixel along each axis: 4×4 gives smooth edges without a rasteriser. */
const SUPERSAMPLE = 4;
/** A maskable icon's content stays inside the middle 80 % circle (the platform crops the rest); 0.75 leaves a margin. */
const MASKABLE_SCALE = 0.75;
/** The rounded square's corner radius, as a share of the side, for the plain ("any") icon. */
const CORNER = 0.22;

/** Whether (x, y), in units of the side (0…1), is inside a rounded rectangle. */
function inRoundedRect(x, y, left, top, right, bottom, radius) {
  if (x < left || x > right || y < top || y > bottom) return false;
  const cx = Math.min(Math.max(x, left + radius), right - radius);
  const cy = Math.min(Math.max(y, top + radius), bottom - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

/** Whether (x, y) is inside the triangle a, b, c (same-side test). */
function inTriangle(x, y, [ax, ay], [bx, by], [cx, cy]) {
  const side = (px, py, qx, qy) => (x - qx) * (py - qy) - (px - qx) * (y - qy);
  const d1 = side(ax, ay, bx, by);
  const d2 = side(bx, by, cx, cy);
  const d3 = side(cx, cy, ax, ay);
  return !((d1 < 0 || d2 < 0 || d3 < 0) && (d1 > 0 || d2 > 0 || d3 > 0));
}

/** The three dots' centres across the bubble. */
const DOTS = [0.37, 0.5, 0.63];

/** The speech bubble with three dots: 'bubble', 'dot' or null at (x, y) in the unscaled 0…1 square. */
function mark(x, y) {
  for (const dx of DOTS) if ((x - dx) ** 2 + (y - 0.46) ** 2 <= 0.045 ** 2) return 'dot';
  if (inRoundedRect(x, y, 0.2, 0.26, 0.8, 0.66, 0.11)) return 'bubble';
  if (inTriangle(x, y, [0.3, 0.6], [0.27, 0.8], [0.48, 0.64])) return 'bubble';
  return null;
}

/** What covers (x, y), in units of the side: 0 nothing (outside the rounded square), 1 background, 2 the white bubble. */
function layerAt(x, y, maskable, scale) {
  if (!maskable && !inRoundedRect(x, y, 0, 0, 1, 1, CORNER)) return 0;
  return mark((x - 0.5) / scale + 0.5, (y - 0.5) / scale + 0.5) === 'bubble' ? 2 : 1;
}

/** RGBA pixels of one icon `size` px square; `maskable` fills the whole square and shrinks the mark into the safe zone. */
export function drawIcon(size, { maskable = false } = {}) {
  const pixels = Buffer.alloc(size * size * 4);
  const scale = maskable ? MASKABLE_SCALE : 1;
  const step = 1 / SUPERSAMPLE;
  const samples = SUPERSAMPLE * SUPERSAMPLE;
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      let inside = 0;
      let white = 0;
      // A pixel whose corners and middle all lie in one layer is that layer: only edges are sampled finely.
      const middle = layerAt((px + 0.5) / size, (py + 0.5) / size, maskable, scale);
      const uniform =
        layerAt(px / size, py / size, maskable, scale) === middle &&
        layerAt((px + 1) / size, py / size, maskable, scale) === middle &&
        layerAt(px / size, (py + 1) / size, maskable, scale) === middle &&
        layerAt((px + 1) / size, (py + 1) / size, maskable, scale) === middle;
      if (uniform) {
        inside = middle === 0 ? 0 : samples;
        white = middle === 2 ? samples : 0;
      } else {
        for (let sy = 0; sy < SUPERSAMPLE; sy += 1) {
          for (let sx = 0; sx < SUPERSAMPLE; sx += 1) {
            const layer = layerAt((px + (sx + 0.5) * step) / size, (py + (sy + 0.5) * step) / size, maskable, scale);
            if (layer > 0) inside += 1;
            if (layer === 2) white += 1;
          }
        }
      }
      const share = inside === 0 ? 0 : white / inside;
      const at = (py * size + px) * 4;
      for (let c = 0; c < 3; c += 1) pixels[at + c] = Math.round(BACKGROUND[c] + (FOREGROUND[c] - BACKGROUND[c]) * share);
      pixels[at + 3] = Math.round((255 * inside) / samples);
    }
  }
  return pixels;
}

/** One PNG chunk: length, type, data, CRC of type and data. */
function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A PNG file (8-bit RGBA, no filtering) of `size`×`size` RGBA pixels. */
export function encodePng(size, pixels) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type: RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y += 1) pixels.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * The icons the manifest lists, by file name: Chromium's installability asks for 192 and 512 px,
 * Android's launcher for a maskable one; 32 px serves as the tab's favicon.
 */
export const APP_ICONS = [
  { file: 'icon-32.png', size: 32, purpose: 'any' },
  { file: 'icon-192.png', size: 192, purpose: 'any' },
  { file: 'icon-512.png', size: 512, purpose: 'any' },
  { file: 'icon-maskable-512.png', size: 512, purpose: 'maskable' },
];

/** Every icon of APP_ICONS as PNG bytes. */
export function appIconFiles() {
  return APP_ICONS.map((icon) => ({ ...icon, png: encodePng(icon.size, drawIcon(icon.size, { maskable: icon.purpose === 'maskable' })) }));
}
