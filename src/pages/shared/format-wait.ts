/** "30 seconds", "2 minutes", "1 hour": how long a rate-limited server asks to wait, in the user's locale. */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export function formatWait(ms: number, locale?: string): string {
  const [value, unit] =
    ms < MINUTE_MS ? [Math.max(1, Math.ceil(ms / 1000)), 'second'] : ms < HOUR_MS ? [Math.ceil(ms / MINUTE_MS), 'minute'] : [Math.ceil(ms / HOUR_MS), 'hour'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}
