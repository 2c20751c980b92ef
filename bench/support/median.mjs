// The median the interleaved benchmarks report: of the rounds that measured something (a null, a
// NaN or an infinity is a round that could not), the middle value, or the mean of the middle two.
export function median(values) {
  const sorted = values.filter((v) => v !== null && Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(mid)] : (sorted[mid - 1] + sorted[mid]) / 2;
}
