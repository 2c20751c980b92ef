import { useEffect, useState, type ReactNode } from 'react';

/**
 * Renders its children only once `active` has stayed true for `delay` ms, so fast loads
 * show no flash of a loading indicator.
 */
export function Delayed({ active = true, delay, children }: { active?: boolean; delay: number; children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delay);
    return () => clearTimeout(timer);
  }, [active, delay]);
  return active && shown ? children : null;
}
