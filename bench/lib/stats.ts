// Small statistics helpers for the benchmark.
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}
export const p95 = (values: readonly number[]): number => percentile(values, 95);
export const median = (values: readonly number[]): number => percentile(values, 50);

/** A deterministic PRNG (Park-Miller), so every run seeks the same frames. */
export function seededRandom(seed: number): () => number {
  let s = seed % 2147483647;
  if (s <= 0) s += 2147483646;
  return () => {
    s = (s * 16807) % 2147483647;
    return (s - 1) / 2147483646;
  };
}

export const round = (n: number, digits = 1): number => Math.round(n * 10 ** digits) / 10 ** digits;
