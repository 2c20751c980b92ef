import { describe, expect, it } from 'vitest';
import { combineTransforms, iconToSvg, normalizeRotation } from '../../../src/ui/icon/icon-transform';

describe('normalizeRotation', () => {
  it.each<[number | string | undefined, number]>([
    [undefined, 0],
    [0, 0],
    [1, 1],
    [2, 2],
    [3, 3],
    [4, 0],
    [5, 1],
    [-1, 3],
    [-2, 2],
    [-4, 0],
    [-5, 3],
    ['1', 1],
    ['-1', 3],
    ['0deg', 0],
    ['90deg', 1],
    ['180deg', 2],
    ['270deg', 3],
    ['360deg', 0],
    ['-90deg', 3],
    ['450deg', 1],
    ['25%', 1],
    ['50%', 2],
    ['75%', 3],
    ['100%', 0],
    ['-25%', 3],
    [' 90deg ', 1],
    // Not a whole quarter turn, or not a rotation at all: drawn upright.
    ['45deg', 0],
    ['10%', 0],
    [1.5, 0],
    [Number.NaN, 0],
    ['90rad', 0],
    ['deg', 0],
    ['', 0],
  ])('%j → %i', (value, expected) => {
    expect(normalizeRotation(value)).toBe(expected);
  });
});

const square = { body: '<path d="M0 0h24"/>', left: 0, top: 0, width: 24, height: 24 };
const tall = { body: '<path/>', left: 0, top: 0, width: 16, height: 24 };
const offset = { body: '<path/>', left: 2, top: 4, width: 20, height: 10 };
const none = { rotate: 0, hFlip: false, vFlip: false };

describe('iconToSvg output strings', () => {
  it.each([
    ['upright', square, none, '0 0 24 24', ''],
    ['a quarter turn', square, { ...none, rotate: 1 }, '0 0 24 24', 'rotate(90 12 12)'],
    ['half a turn', square, { ...none, rotate: 2 }, '0 0 24 24', 'rotate(180 12 12)'],
    ['three quarter turns', square, { ...none, rotate: 3 }, '0 0 24 24', 'rotate(270 12 12)'],
    ['-1 is three quarter turns', square, { ...none, rotate: -1 }, '0 0 24 24', 'rotate(270 12 12)'],
    ['horizontal flip', square, { ...none, hFlip: true }, '0 0 24 24', 'translate(24 0) scale(-1 1)'],
    ['vertical flip', square, { ...none, vFlip: true }, '0 0 24 24', 'translate(0 24) scale(1 -1)'],
    ['both flips are half a turn', square, { rotate: 0, hFlip: true, vFlip: true }, '0 0 24 24', 'rotate(180 12 12)'],
    ['both flips and half a turn cancel out', square, { rotate: 2, hFlip: true, vFlip: true }, '0 0 24 24', ''],
    ['flip then rotate', square, { rotate: 1, hFlip: true, vFlip: false }, '0 0 24 24', 'rotate(90 12 12) translate(24 0) scale(-1 1)'],
    ['vertical flip then rotate', square, { rotate: 3, hFlip: false, vFlip: true }, '0 0 24 24', 'rotate(270 12 12) translate(0 24) scale(1 -1)'],
    ['odd turns swap width and height', tall, { ...none, rotate: 1 }, '-4 4 24 16', 'rotate(90 8 12)'],
    ['even turns keep the box', tall, { ...none, rotate: 2 }, '0 0 16 24', 'rotate(180 8 12)'],
    ['an offset box flips about its own centre', offset, { ...none, hFlip: true }, '2 4 20 10', 'translate(24 0) scale(-1 1)'],
    ['an offset box turns about its own centre', offset, { ...none, rotate: 3 }, '7 -1 10 20', 'rotate(270 12 9)'],
  ])('%s', (_, icon, transform, viewBox, transformList) => {
    const svg = iconToSvg(icon, transform);
    expect(svg.viewBox).toBe(viewBox);
    expect(svg.transform).toBe(transformList);
  });

  it('wraps the body in a <g transform> only when there is a transform', () => {
    expect(iconToSvg(square, none).content).toBe('<path d="M0 0h24"/>');
    expect(iconToSvg(square, { ...none, rotate: 1 }).content).toBe(
      '<g transform="rotate(90 12 12)"><path d="M0 0h24"/></g>',
    );
  });

  it('reports the rotated size for the aspect ratio', () => {
    expect(iconToSvg(tall, { ...none, rotate: 1 })).toMatchObject({ width: 24, height: 16 });
    expect(iconToSvg(tall, { ...none, rotate: 2 })).toMatchObject({ width: 16, height: 24 });
  });
});

// Evaluates a transform list on a point, to check what the strings mean, not just how they look.
function apply(transformList: string, [x, y]: [number, number]): [number, number] {
  const steps = [...transformList.matchAll(/(\w+)\(([^)]*)\)/g)].map((m) => ({ op: m[1], args: m[2]!.split(' ').map(Number) }));
  let point: [number, number] = [x, y];
  for (const { op, args } of steps.reverse()) {
    const [a = 0, b = 0, c = 0] = args;
    const [px, py] = point;
    if (op === 'translate') point = [px + a, py + b];
    else if (op === 'scale') point = [px * a, py * b];
    else if (op === 'rotate') {
      const rad = (a * Math.PI) / 180;
      const [dx, dy] = [px - b, py - c];
      point = [b + dx * Math.cos(rad) - dy * Math.sin(rad), c + dx * Math.sin(rad) + dy * Math.cos(rad)];
    }
  }
  return [Math.round(point[0] * 1e6) / 1e6 + 0, Math.round(point[1] * 1e6) / 1e6 + 0];
}

describe('iconToSvg geometry', () => {
  const combos = [0, 1, 2, 3].flatMap((rotate) =>
    [false, true].flatMap((hFlip) => [false, true].map((vFlip) => ({ rotate, hFlip, vFlip }))),
  );

  it.each(combos)('%o maps the icon box exactly onto the view box', (transform) => {
    for (const icon of [square, tall, offset]) {
      const svg = iconToSvg(icon, transform);
      const [left, top, width, height] = svg.viewBox.split(' ').map(Number) as [number, number, number, number];
      const corners = [
        [icon.left, icon.top],
        [icon.left + icon.width, icon.top],
        [icon.left, icon.top + icon.height],
        [icon.left + icon.width, icon.top + icon.height],
      ].map((p) => apply(svg.transform, p as [number, number]));
      const xs = corners.map(([cx]) => cx);
      const ys = corners.map(([, cy]) => cy);
      expect([Math.min(...xs), Math.min(...ys), Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)]).toEqual([
        left,
        top,
        width,
        height,
      ]);
    }
  });

  it('flips first, then rotates', () => {
    // Top-left corner: mirrored to top-right (24, 0), then a clockwise quarter turn → bottom-right (24, 24).
    expect(apply(iconToSvg(square, { rotate: 1, hFlip: true, vFlip: false }).transform, [0, 0])).toEqual([24, 24]);
    // Rotating first would have sent it to top-right (24, 0) and the mirror to top-left (0, 0).
    expect(apply(iconToSvg(square, { rotate: 1, hFlip: false, vFlip: false }).transform, [0, 0])).toEqual([24, 0]);
  });
});

describe('combineTransforms', () => {
  it.each([
    [{ rotate: 1, hFlip: false, vFlip: false }, { rotate: 3, hFlip: false, vFlip: false }, { rotate: 0, hFlip: false, vFlip: false }],
    [{ rotate: 2, hFlip: true, vFlip: false }, { rotate: 1, hFlip: true, vFlip: true }, { rotate: 3, hFlip: false, vFlip: true }],
  ])('%o then %o → %o', (inner, outer, expected) => {
    expect(combineTransforms(inner, outer)).toEqual(expected);
  });
});
