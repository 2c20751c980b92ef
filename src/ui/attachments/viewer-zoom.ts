// The image viewer's zoom and pan as pure arithmetic (table-tested): the picture is drawn
// fitted in its stage, then moved by `x`, `y` and scaled by `scale` about the stage's centre.

/** Fitted: the whole picture shows. */
export const MIN_ZOOM = 1;
/** Past 8× a photo is only pixels. */
export const MAX_ZOOM = 8;
/** What a double tap (or double click) zooms to: close enough to read, still with context. */
export const DOUBLE_TAP_ZOOM = 2.5;
/** One press of + or − (or of the buttons). */
export const ZOOM_STEP = 1.5;

export interface ZoomState {
  readonly scale: number;
  /** The picture's centre, in px from the stage's centre. */
  readonly x: number;
  readonly y: number;
}

export const FITTED: ZoomState = { scale: MIN_ZOOM, x: 0, y: 0 };

/** The fitted picture's size and the stage's, in CSS px. */
export interface ViewerBox {
  readonly imageWidth: number;
  readonly imageHeight: number;
  readonly stageWidth: number;
  readonly stageHeight: number;
}

// `|| 0`: no -0 (a zero limit clamps a negative offset to -0, which reads as a move).
const clampTo = (value: number, limit: number) => Math.min(limit, Math.max(-limit, value)) || 0;

/** Keeps the scale within bounds and the picture over the stage: no empty band opens at an edge it could cover. */
export function clampZoom(state: ZoomState, box: ViewerBox): ZoomState {
  const scale = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, state.scale));
  if (scale === MIN_ZOOM) return FITTED;
  const limitX = Math.max(0, (box.imageWidth * scale - box.stageWidth) / 2);
  const limitY = Math.max(0, (box.imageHeight * scale - box.stageHeight) / 2);
  return { scale, x: clampTo(state.x, limitX), y: clampTo(state.y, limitY) };
}

/**
 * Zooms to `scale` keeping the picture's point under (px, py) (from the stage's centre) where
 * it is: the finger, the pointer or the centre stays on the same detail.
 */
export function zoomAt(state: ZoomState, scale: number, px: number, py: number, box: ViewerBox): ZoomState {
  const next = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, scale));
  const ratio = next / state.scale;
  return clampZoom({ scale: next, x: px - (px - state.x) * ratio, y: py - (py - state.y) * ratio }, box);
}

/** Moves the zoomed picture by (dx, dy) px, within its bounds. */
export const panBy = (state: ZoomState, dx: number, dy: number, box: ViewerBox): ZoomState =>
  clampZoom({ ...state, x: state.x + dx, y: state.y + dy }, box);

/**
 * The picture's real size on screen against its own, in percent: fitted, a big photo shows at
 * a fraction of its pixels, so the viewer's "1×" is not 100 %. Undefined until the picture is
 * laid out (no width yet): the viewer then says "Fit" rather than a number it cannot know.
 */
export function realZoomPercent(fittedWidth: number, naturalWidth: number, scale: number): number | undefined {
  if (!(fittedWidth > 0 && naturalWidth > 0)) return undefined;
  return Math.round((fittedWidth / naturalWidth) * scale * 100);
}
