export { Composer, COMPOSER_INPUT_SELECTOR, COMPOSER_SEND_ICON, COMPOSER_STOP_ICON, type ComposerProps, type ComposerState } from './composer';
export {
  composerHeight,
  readComposerFrame,
  COMPOSER_HEIGHT_VAR,
  COMPOSER_MAX_LINES,
  COMPOSER_MAX_VIEWPORT_FRACTION,
  FALLBACK_LINE_HEIGHT_PX,
  NORMAL_LINE_HEIGHT_RATIO,
  type ComposerHeight,
  type ComposerFrame,
  type ComposerMetrics,
} from './composer-height';
export { useCompositionGuard, COMPOSITION_END_GRACE_MS, IME_KEY_CODE } from './use-composition-guard';
