export { Tooltip, type TooltipProps } from './tooltip';
export { TooltipProvider, type TooltipProviderProps } from './tooltip-provider';
export { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS, type TooltipState } from './tooltip-store';
// Types only: the placement math travels with the lazily loaded bubble (lazy-tooltip-content.ts),
// and a value re-exported here would bring it into every chunk that imports this index.
export type { TooltipPlacement, TooltipSide } from './placement';
