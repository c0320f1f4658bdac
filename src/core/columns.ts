/**
 * Growing the typed-array columns of the builders that append rows (strategies/attempts.ts, strategies/fragments.ts).
 *
 * Contract: `grown(a, capacity)` is a new array of the same type with `capacity` elements, `a`'s values first and
 * zeros after; `a` is not changed. Pure.
 */
export function grown(a: Uint32Array, capacity: number): Uint32Array<ArrayBuffer>;
export function grown(a: Uint8Array, capacity: number): Uint8Array<ArrayBuffer>;
export function grown(a: Uint32Array | Uint8Array, capacity: number): Uint32Array<ArrayBuffer> | Uint8Array<ArrayBuffer> {
  const b = a instanceof Uint32Array ? new Uint32Array(capacity) : new Uint8Array(capacity);
  b.set(a);
  return b;
}
