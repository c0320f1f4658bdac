// The machine's cost of a first write to new memory, printed at the top of a bench run so a reader can tell a
// cold machine from a slower build. On the firecracker VMs this project is benched on, memory the guest has not
// touched lately seems to cost the host a fault per page on its first write (a DAMON pageout scheme runs there;
// inferred, not traced):
// a 192 MB copy into a new array measured 527 to 1,381 ms on such a minute and 86 to 91 ms on a warm one, while a
// second copy into the same array takes 12 to 50 ms either way. The rows that allocate most (page1M, cli.frames1M)
// move with it; see docs/performance.md, "Session 31".
import { spawnSync } from 'node:child_process';

export interface FirstWrite {
  /** Megabytes copied. */
  mb: number;
  /** Copying them into a new Uint8Array, in a fresh Node process. */
  firstMs: number;
  /** Copying them again into the same array. */
  againMs: number;
}

// a fresh process, so none of its memory was written before
const PROBE = `
const n = Number(process.argv[1]) * 1024 * 1024;
const src = new Uint8Array(n).fill(7);
let t = performance.now();
const a = new Uint8Array(n);
a.set(src);
const first = performance.now() - t;
t = performance.now();
a.set(src);
const again = performance.now() - t;
if (a[n - 1] !== 7) throw new Error('the copy is wrong');
console.log(JSON.stringify({ first, again }));
`;

/** Times a first and a second copy of `mb` megabytes in a child Node process; undefined when the child failed. */
export function firstWrite(mb = 192): FirstWrite | undefined {
  const r = spawnSync(process.execPath, ['-e', PROBE, String(mb)], { encoding: 'utf8', timeout: 60_000 });
  if (r.status !== 0) return undefined;
  try {
    const { first, again } = JSON.parse(r.stdout) as { first: number; again: number };
    return { mb, firstMs: Math.round(first), againMs: Math.round(again) };
  } catch {
    return undefined;
  }
}

/** One line for the bench's log. */
export function firstWriteLine(f: FirstWrite | undefined): string {
  if (f === undefined) return 'first write to new memory: the probe failed';
  return `first write to new memory: ${f.mb} MB copied into a new array in ${f.firstMs} ms (${(f.firstMs / f.mb).toFixed(2)} ms/MB), again into the same array ${f.againMs} ms: a first write many times the second means cold memory, which slows page1M and cli.frames1M`;
}
