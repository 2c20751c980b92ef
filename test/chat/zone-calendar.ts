import type { DayCalendar } from '../../src/chat';

/**
 * A DayCalendar for a named IANA zone, built on Intl, so date grouping can be tested in a zone
 * with daylight saving whatever zone the machine runs in. (Zones whose midnight can fall in a
 * DST gap are not handled: New York's changes happen at 02:00.)
 */
export function zoneCalendar(timeZone: string): DayCalendar {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const wall = (time: number) => {
    const parts = Object.fromEntries(format.formatToParts(time).map((part) => [part.type, Number(part.value)]));
    return { year: parts.year!, month: parts.month! - 1, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
  };
  /** Wall-clock time minus UTC at `time`, in ms. */
  const offset = (time: number) => {
    const w = wall(time);
    return Date.UTC(w.year, w.month, w.day, w.hour, w.minute, w.second) - Math.floor(time / 1000) * 1000;
  };
  return {
    startOfDay(time) {
      const { year, month, day } = wall(time);
      const midnight = Date.UTC(year, month, day);
      // Guess with the offset at `time`, then correct with the offset at the guess (they differ on a DST day).
      const guess = midnight - offset(time);
      return midnight - offset(guess);
    },
    yearMonth(time) {
      const { year, month } = wall(time);
      return { year, month };
    },
  };
}
