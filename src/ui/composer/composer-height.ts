/** Lines the message box grows to before it scrolls, so a long draft never buries the conversation. */
export const COMPOSER_MAX_LINES = 12;
/** …and never more than this share of the viewport's height (phones in landscape, open keyboards). */
export const COMPOSER_MAX_VIEWPORT_FRACTION = 0.4;
/** CSS `line-height: normal` is about this many font sizes in common system fonts. */
export const NORMAL_LINE_HEIGHT_RATIO = 1.2;
/** The line height assumed when the computed style gives nothing usable (16 px text at 1.5). */
export const FALLBACK_LINE_HEIGHT_PX = 24;
/** The CSS custom property the textarea's height is written to. */
export const COMPOSER_HEIGHT_VAR = '--composer-input-height';

/** What the height depends on, in CSS pixels; read from the layout (tests pass their own). */
export interface ComposerMetrics {
  /** The content's height plus padding, measured while the box is at its natural one-line height. */
  readonly scrollHeight: number;
  readonly lineHeight: number;
  /** Top plus bottom padding. */
  readonly paddingBlock: number;
  /** Top plus bottom border (the box is border-box, and scrollHeight leaves borders out). */
  readonly borderBlock: number;
  readonly viewportHeight: number;
}

export interface ComposerHeight {
  /** The border-box height to give the textarea. */
  readonly height: number;
  /** The content is taller than that: the box scrolls. */
  readonly overflowing: boolean;
}

/**
 * The textarea's height: its content's, up to COMPOSER_MAX_LINES lines and
 * COMPOSER_MAX_VIEWPORT_FRACTION of the viewport, but always at least one line.
 */
export function composerHeight({ scrollHeight, lineHeight, paddingBlock, borderBlock, viewportHeight }: ComposerMetrics): ComposerHeight {
  const frame = paddingBlock + borderBlock;
  const oneLine = lineHeight + frame;
  const cap = Math.max(oneLine, Math.min(lineHeight * COMPOSER_MAX_LINES + frame, viewportHeight * COMPOSER_MAX_VIEWPORT_FRACTION));
  // Whole pixels, rounded up: a fractional shortfall would show a scrollbar for nothing.
  const content = Math.ceil(Math.max(scrollHeight + borderBlock, oneLine));
  const limit = Math.floor(cap);
  return content > limit ? { height: limit, overflowing: true } : { height: content, overflowing: false };
}

const px = (value: string) => {
  const number = Number.parseFloat(value);
  return Number.isFinite(number) ? number : 0;
};

/**
 * What of the metrics only the layout changes (font, padding, border, the viewport): read from
 * the computed style once, and again after a resize, not per keystroke (0.3 ms of forced style
 * each, issue 34); a keystroke reads only scrollHeight.
 */
export type ComposerFrame = Omit<ComposerMetrics, 'scrollHeight'>;

export function readComposerFrame(textarea: HTMLTextAreaElement): ComposerFrame {
  const win = textarea.ownerDocument.defaultView ?? window;
  const style = win.getComputedStyle(textarea);
  const lineHeight =
    px(style.lineHeight) || px(style.fontSize) * NORMAL_LINE_HEIGHT_RATIO || FALLBACK_LINE_HEIGHT_PX;
  return {
    lineHeight,
    paddingBlock: px(style.paddingTop) + px(style.paddingBottom),
    borderBlock: px(style.borderTopWidth) + px(style.borderBottomWidth),
    viewportHeight: win.innerHeight,
  };
}
