/**
 * Timing and tokenisation helpers for the builders.
 *
 * Contract: pure and deterministic given the Rng; `spread` returns strictly increasing times (0.1 ms resolution)
 * that start and end exactly at the given figures, so published figures survive; `pieces` splits a text into
 * exactly `n` token-like pieces whose concatenation is the text, or throws at build time when it cannot.
 */
import type { Rng } from './rng';
import { round1 } from './recording';

export function spread(rng: Rng, start: number, end: number, n: number, jitter = 0.5): number[] {
  if (n === 1) return [round1(start)];
  const weights = Array.from({ length: n - 1 }, () => 1 - jitter + 2 * jitter * rng.next());
  const total = weights.reduce((a, b) => a + b, 0);
  const out = [round1(start)];
  let acc = start;
  for (let i = 0; i < n - 2; i++) {
    acc += ((end - start) * (weights[i] ?? 1)) / total;
    out.push(round1(acc));
  }
  out.push(round1(end));
  for (let i = 1; i < out.length; i++) {
    if ((out[i] ?? 0) <= (out[i - 1] ?? 0)) throw new Error(`spread: times collide at ${i} (${start}..${end}, n=${n})`);
  }
  return out;
}

/** Token-like pieces: a leading space stays with its word, long words split every `maxLen` characters. */
export function pieces(text: string, n: number, maxLen = 6): string[] {
  const raw = text.match(new RegExp(`\\s?[^\\s]{1,${maxLen}}|\\s+`, 'gu')) ?? [];
  if (raw.join('') !== text) throw new Error('pieces: tokenisation lost characters');
  if (raw.length < n) throw new Error(`pieces: the text gives ${raw.length} pieces, ${n} needed`);
  const out = [...raw];
  // Merge evenly spaced neighbours until exactly n remain.
  while (out.length > n) {
    const excess = out.length - n;
    const step = Math.max(1, Math.floor(out.length / (excess + 1)));
    for (let i = out.length - 2; i >= 0 && out.length > n; i -= step) {
      out.splice(i, 2, (out[i] ?? '') + (out[i + 1] ?? ''));
    }
  }
  return out;
}
