import type { ReactNode } from 'react';
import { useDelayedFlag } from '../lib/use-delayed-flag';

/**
 * Renders its children only once `active` has stayed true for `delay` ms, so fast loads
 * show no flash of a loading indicator.
 */
export function Delayed({ active = true, delay, children }: { active?: boolean; delay: number; children: ReactNode }) {
  return useDelayedFlag(active, delay) ? children : null;
}
