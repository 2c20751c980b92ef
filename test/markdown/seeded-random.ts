/** A small seeded PRNG (mulberry32): the same seed gives the same chunking on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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
