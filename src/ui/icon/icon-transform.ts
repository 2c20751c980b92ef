// Pure SVG geometry for an icon: rotation in quarter turns, flips, and the resulting view box.
// The output is data (strings and numbers); the component only renders it.

/** Quarter turns in a full turn: rotations are counted modulo this. */
export const QUARTER_TURNS = 4;
/** `"90deg"` is one quarter turn. */
const DEGREES_PER_QUARTER_TURN = 90;
/** `"25%"` is one quarter turn. */
const PERCENT_PER_QUARTER_TURN = 25;
/** Four decimals: exact for any real icon, and no floating-point noise in the markup. */
const PRECISION = 1e4;

/** Rotation and flips, either of an icon's data or asked for by a caller. */
export interface IconTransform {
  readonly rotate: number;
  readonly hFlip: boolean;
  readonly vFlip: boolean;
}

export interface IconGeometry {
  readonly body: string;
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/** What to render: `<svg viewBox>` around `content` (the body, wrapped in `<g transform>` if needed). */
export interface SvgIcon {
  readonly viewBox: string;
  /** The view box's size after rotation, for the aspect ratio. */
  readonly width: number;
  readonly height: number;
  /** SVG transform list; empty when the icon is drawn as is. */
  readonly transform: string;
  readonly content: string;
}

const modulo = (value: number) => ((value % QUARTER_TURNS) + QUARTER_TURNS) % QUARTER_TURNS;

/**
 * Quarter turns, 0–3, from a number of quarter turns or a string: `"2"`, `"90deg"`, `"25%"`.
 * Anything that is not a whole number of quarter turns is 0 (an icon is only drawn square-on).
 */
export function normalizeRotation(value: number | string | undefined): number {
  if (value === undefined) return 0;
  let turns = NaN;
  if (typeof value === 'number') {
    turns = value;
  } else {
    const match = /^\s*(-?\d+(?:\.\d+)?)\s*(deg|%)?\s*$/.exec(value);
    if (match) {
      const amount = Number(match[1]);
      const unit = match[2];
      turns = unit === 'deg' ? amount / DEGREES_PER_QUARTER_TURN : unit === '%' ? amount / PERCENT_PER_QUARTER_TURN : amount;
    }
  }
  return Number.isInteger(turns) ? modulo(turns) : 0;
}

/** Applies `outer` after `inner` (an alias over its icon, a caller over the icon data). */
export function combineTransforms(inner: IconTransform, outer: IconTransform): IconTransform {
  return {
    rotate: modulo(inner.rotate + outer.rotate),
    hFlip: inner.hFlip !== outer.hFlip,
    vFlip: inner.vFlip !== outer.vFlip,
  };
}

const num = (value: number) => String(Math.round(value * PRECISION) / PRECISION);

/**
 * Flips, then rotates, about the centre of the icon's view box. Odd quarter turns swap the
 * view box's width and height (around the same centre).
 */
export function iconToSvg(icon: IconGeometry, transform: IconTransform): SvgIcon {
  const { left, top, width, height } = icon;
  let turns = modulo(transform.rotate);
  let { hFlip, vFlip } = transform;
  // Both flips together are half a turn.
  if (hFlip && vFlip) {
    turns = modulo(turns + 2);
    hFlip = vFlip = false;
  }
  const cx = left + width / 2;
  const cy = top + height / 2;
  // A transform list applies right to left: the flip (listed last) happens first.
  const steps: string[] = [];
  if (turns !== 0) steps.push(`rotate(${turns * DEGREES_PER_QUARTER_TURN} ${num(cx)} ${num(cy)})`);
  if (hFlip) steps.push(`translate(${num(2 * cx)} 0) scale(-1 1)`);
  if (vFlip) steps.push(`translate(0 ${num(2 * cy)}) scale(1 -1)`);
  const swap = turns % 2 === 1;
  const boxWidth = swap ? height : width;
  const boxHeight = swap ? width : height;
  const viewBox = [cx - boxWidth / 2, cy - boxHeight / 2, boxWidth, boxHeight].map(num).join(' ');
  const transformList = steps.join(' ');
  const content = transformList ? `<g transform="${transformList}">${icon.body}</g>` : icon.body;
  return { viewBox, width: boxWidth, height: boxHeight, transform: transformList, content };
}
