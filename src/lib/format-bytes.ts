/** Sizes in the units a browser's storage settings use (decimal: 1 MB = 1,000,000 bytes). */

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
/** Decimal units, as Intl names them and as disk sizes are quoted. */
const STEP = 1000;
/** Below this a value gets one decimal ("2.5 MB"); above it whole units are precise enough. */
const DECIMALS_BELOW = 10;

const formats = new Map<string, Intl.NumberFormat>();

/** "48 MB", "2.5 GB", "512 bytes" in the user's language. */
export function formatBytes(bytes: number, locale?: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= STEP && unit < UNITS.length - 1) {
    value /= STEP;
    unit++;
  }
  const digits = unit > 0 && value < DECIMALS_BELOW ? 1 : 0;
  const key = `${locale ?? ''}|${unit}|${digits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'unit', unit: UNITS[unit], unitDisplay: unit === 0 ? 'long' : 'short', maximumFractionDigits: digits });
    formats.set(key, format);
  }
  return format.format(value);
}
