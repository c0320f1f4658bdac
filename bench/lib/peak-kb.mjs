// A process's peak resident memory in KB: the kernel's high-water mark of its own memory (`VmHWM` in
// /proc/<pid>/status). Not getrusage's maxRSS: on Linux a spawned child's maxRSS starts at its parent's resident size
// when it was forked and keeps it across exec (measured: a child of a 383 MB process, itself using 40 MB, reported a
// maxRSS of 307 MB and a VmHWM of 40 MB). `peakKB()` is this process's (maxRSS where there is no /proc: not Linux);
// `peakKB(pid)` another's (0 when it cannot be read). Used by the bench's measured children (./peak.mjs), the page
// rows' renderer processes (./large-page.ts) and the tests' children (test/cli/inspect-child.ts,
// test/robustness/run-case.ts).
import { readFileSync } from 'node:fs';

export function peakKB(pid) {
  try {
    const hwm = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid ?? 'self'}/status`, 'utf8'));
    if (hwm) return Number(hwm[1]);
  } catch {
    // no /proc, or the process is gone
  }
  return pid === undefined ? process.resourceUsage().maxRSS : 0;
}
