/**
 * Growing and finishing the typed-array columns of the builders that append rows (strategies/attempts.ts,
 * strategies/buffers.ts, strategies/fragments.ts).
 *
 * Contract: `grown(a, capacity)` is a new array of the same type with `capacity` elements, `a`'s values first and
 * zeros after; `a` is not changed. `fitted(a, n)` is `a`'s first n values as an array of n elements: a view of `a`
 * itself when at most an eighth of `a` lies past n (no copy: a builder finishing a million rows would otherwise hold
 * its columns twice at that moment, the peak of `inspect --json` on a call-heavy stream, docs/performance.md), else
 * a copy, so that a finished table never holds more than an eighth of room it does not use (a worker's message
 * copies a view's whole buffer). Pure.
 */
export function grown(a: Uint32Array, capacity: number): Uint32Array<ArrayBuffer>;
export function grown(a: Uint8Array, capacity: number): Uint8Array<ArrayBuffer>;
export function grown(a: Uint32Array | Uint8Array, capacity: number): Uint32Array<ArrayBuffer> | Uint8Array<ArrayBuffer> {
  const b = a instanceof Uint32Array ? new Uint32Array(capacity) : new Uint8Array(capacity);
  b.set(a);
  return b;
}

export function fitted(a: Uint32Array<ArrayBuffer>, n: number): Uint32Array<ArrayBuffer>;
export function fitted(a: Uint8Array<ArrayBuffer>, n: number): Uint8Array<ArrayBuffer>;
export function fitted(a: Uint32Array<ArrayBuffer> | Uint8Array<ArrayBuffer>, n: number): Uint32Array<ArrayBuffer> | Uint8Array<ArrayBuffer> {
  if (n === a.length) return a;
  return (a.length - n) * 8 <= a.length ? a.subarray(0, n) : a.slice(0, n);
}
