/**
 * Opening a file whose name is already kept: nothing kept is replaced without a word.
 *
 * Contract: pure. `freeName(name, taken)` is `name` when no kept file has it, else the first of "stem (2).ext",
 * "stem (3).ext", ... that is free (the extension is the part from the last dot, when the name has one after its
 * first character). `sameContent(a, b)` says whether two inputs (text or bytes) hold the same bytes, text compared
 * as UTF-8.
 */
export function freeName(name: string, taken: readonly string[]): string {
  const used = new Set(taken);
  if (!used.has(name)) return name;
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 2; ; n++) {
    const candidate = `${stem} (${n})${ext}`;
    if (!used.has(candidate)) return candidate;
  }
}

const bytesOf = (input: string | Uint8Array): Uint8Array => (typeof input === 'string' ? new TextEncoder().encode(input) : input);

export function sameContent(a: string | Uint8Array, b: string | Uint8Array): boolean {
  if (typeof a === 'string' && typeof b === 'string') return a === b;
  const x = bytesOf(a);
  const y = bytesOf(b);
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}
