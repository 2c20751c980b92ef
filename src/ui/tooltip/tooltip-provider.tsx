import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { createTooltipStore, defaultTooltipStore, TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS, type TooltipStore } from './tooltip-store';

const TooltipStoreContext = createContext<TooltipStore | null>(null);

export interface TooltipProviderProps {
  /** Hover time before a tooltip opens. */
  delayDuration?: number;
  /** How long after a tooltip closes another one still opens at once. */
  skipDelayDuration?: number;
  children?: ReactNode;
}

/** Shares the timing and the one-open-at-a-time rule between the tooltips inside it. */
export function TooltipProvider({
  delayDuration = TOOLTIP_DELAY_MS,
  skipDelayDuration = TOOLTIP_SKIP_DELAY_MS,
  children,
}: TooltipProviderProps) {
  const [store] = useState(() => createTooltipStore({ delayDuration, skipDelayDuration }));
  useEffect(() => store.configure({ delayDuration, skipDelayDuration }), [store, delayDuration, skipDelayDuration]);
  useEffect(() => () => store.reset(), [store]);
  return <TooltipStoreContext value={store}>{children}</TooltipStoreContext>;
}

/** The nearest provider's store; tooltips outside any provider share a default one. */
export function useTooltipStore(): TooltipStore {
  return useContext(TooltipStoreContext) ?? defaultTooltipStore;
}
