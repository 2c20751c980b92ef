// Recorded wire formats (test/fixtures/stream-recorded and test/fixtures/stream): each is a raw HTTP
// body with its status, headers and expected result in a fixtures.json index. Replayed verbatim.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Wire formats recorded from other servers (a copy of the project's reference fixtures, kept in
 * the repository so a fresh clone tests with nothing beside it).
 */
export const RECORDED_FIXTURES_DIR = fileURLToPath(new URL('../../fixtures/stream-recorded/', import.meta.url));
/** Our own fixtures, in the repository. */
export const OWN_FIXTURES_DIR = fileURLToPath(new URL('../../fixtures/stream/', import.meta.url));

/** Every fixture of a directory's fixtures.json, each with its `dir` and its body's `bytes`. */
export function loadFixtures(dir = RECORDED_FIXTURES_DIR) {
  const index = JSON.parse(readFileSync(path.join(dir, 'fixtures.json'), 'utf8'));
  return index.fixtures.map((fixture) => ({ ...fixture, dir, bytes: new Uint8Array(readFileSync(path.join(dir, fixture.file))) }));
}

/** One fixture by name, from the recorded directory or ours. */
export function loadFixture(name) {
  for (const dir of [RECORDED_FIXTURES_DIR, OWN_FIXTURES_DIR]) {
    const found = loadFixtures(dir).find((fixture) => fixture.name === name);
    if (found) return found;
  }
  throw new Error(`No stream fixture named ${name}`);
}

/** `bytes` cut at the given offsets. */
export function splitAt(bytes, offsets) {
  const parts = [];
  let start = 0;
  for (const offset of [...offsets].sort((a, b) => a - b)) {
    if (offset <= start || offset >= bytes.length) continue;
    parts.push(bytes.subarray(start, offset));
    start = offset;
  }
  parts.push(bytes.subarray(start));
  return parts;
}

/**
 * A fixture as a scripted response: its status, content type and headers, and its body verbatim,
 * cut where the fixture suggests (or at `splitAt`), each piece `delayMs` apart. A truncated
 * fixture ends with the socket destroyed, not a clean end, as a dropped connection would.
 */
export function fixtureResponse(nameOrFixture, { delayMs = 0, split, disconnect } = {}) {
  const fixture = typeof nameOrFixture === 'string' ? loadFixture(nameOrFixture) : nameOrFixture;
  const offsets = split ?? fixture.suggested_chunking?.split_at_byte_offsets ?? [];
  const steps = splitAt(fixture.bytes, offsets).map((data) => ({ data, delayMs }));
  const truncated = disconnect ?? fixture.expect_truncated === true;
  return {
    status: fixture.status,
    headers: { 'Content-Type': fixture.content_type, ...fixture.headers },
    steps,
    disconnectAfter: truncated ? steps.length : undefined,
  };
}
