import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const RESULTS = fileURLToPath(new URL('../results/', import.meta.url));

/** Prints rows as an aligned (markdown) table. */
export function printTable(rows) {
  const columns = Object.keys(rows[0] ?? {});
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c]).length)));
  const line = (cells) => `| ${cells.map((cell, i) => String(cell).padEnd(widths[i])).join(' | ')} |`;
  console.log(line(columns));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(columns.map((c) => row[c])));
}

/** Prints rows as an aligned table and saves them as bench/results/{name}.json. */
export async function report(name, rows, meta = {}) {
  printTable(rows);
  await mkdir(RESULTS, { recursive: true });
  await writeFile(`${RESULTS}${name}.json`, JSON.stringify({ ...meta, date: new Date().toISOString(), rows }, null, 2));
}
