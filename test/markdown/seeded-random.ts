import { seededRandom } from '../support/seeded-random.mjs';

export { seededRandom };

/** Cuts `text` into prefixes that grow by 1..maxChunk characters, as a stream would deliver them. */
export function streamPrefixes(text: string, seed: number, maxChunk = 20): string[] {
  const random = seededRandom(seed);
  const prefixes: string[] = [];
  for (let end = 0; end < text.length; ) {
    end = Math.min(text.length, end + 1 + Math.floor(random() * maxChunk));
    prefixes.push(text.slice(0, end));
  }
  return prefixes;
}
