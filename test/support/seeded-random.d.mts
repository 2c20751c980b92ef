export function seededRandom(seed: number): () => number;
