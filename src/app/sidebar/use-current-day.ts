import { useEffect, useState } from 'react';
import { localCalendar } from '../../chat/shapes/date-groups';

/**
 * The start of today (ms), which changes at local midnight, so "Today" becomes "Yesterday"
 * in an app left open overnight. Also re-checked when the page becomes visible again: timers
 * don't run while a laptop sleeps.
 */

/** Wake a little after midnight rather than on it: timers may fire a few ms early. */
export const MIDNIGHT_MARGIN_MS = 1000;

function startOfNextDay(dayStart: number): number {
  const day = new Date(dayStart);
  // The calendar's next day, whatever its length (23 or 25 hours at daylight-saving changes).
  return new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1).getTime();
}

export function useCurrentDay(): number {
  const [day, setDay] = useState(() => localCalendar.startOfDay(Date.now()));
  useEffect(() => {
    const check = () => setDay(localCalendar.startOfDay(Date.now()));
    const timer = setTimeout(check, Math.max(0, startOfNextDay(day) - Date.now()) + MIDNIGHT_MARGIN_MS);
    document.addEventListener('visibilitychange', check);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', check);
    };
  }, [day]);
  return day;
}
