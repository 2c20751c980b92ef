import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A committed fixture of test/fixtures/attachments (made by make-fixtures.mjs there), in a buffer of its own. */
export function fixture(name: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(readFileSync(fileURLToPath(new URL(`../../fixtures/attachments/${name}`, import.meta.url))));
}
