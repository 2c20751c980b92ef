export { Tooltip, type TooltipProps } from './tooltip';
export { TooltipProvider, type TooltipProviderProps } from './tooltip-provider';
export { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS, type TooltipState } from './tooltip-store';
export {
  placeTooltip,
  TOOLTIP_OFFSET_PX,
  TOOLTIP_VIEWPORT_PADDING_PX,
  type TooltipPlacement,
  type TooltipSide,
} from './placement';
