import { readFileSync } from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';

/** The hand-written samples of test/fixtures/import as the File objects a person would drop. */

/** Vitest runs from the repository's root (test/vitest.config.ts); happy-dom's import.meta.url is not a file URL. */
const FIXTURES = path.resolve('test/fixtures/import');

export function fixture(file: string, name = file.slice(file.lastIndexOf('/') + 1)): File {
  return new File([readFileSync(path.join(FIXTURES, file))], name);
}

export const fixtureText = (file: string): string => readFileSync(path.join(FIXTURES, file), 'utf8');

export const textFile = (text: string, name: string): File => new File([text], name);

export function zipFile(entries: Record<string, string | Uint8Array>, name = 'export.zip'): File {
  const data = Object.fromEntries(Object.entries(entries).map(([key, value]) => [key, typeof value === 'string' ? new TextEncoder().encode(value) : value]));
  return new File([zipSync(data)], name);
}
