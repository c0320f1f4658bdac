// Preloaded into a measured child (`node --import ./bench/lib/peak.mjs ...`): at exit, writes the process's peak
// resident memory and CPU time as one line to stderr, prefixed so the bench can find it among the child's output.
//
// The peak is the kernel's high-water mark of this process's own memory (`VmHWM` in /proc/self/status), not
// getrusage's maxRSS: on Linux a spawned child's maxRSS starts at its parent's resident size when it was forked
// (kept across exec), so a child of a bench process holding 300 MB reported at least 300 MB whatever it used
// (measured: a child of a 383 MB parent, 40 MB of its own, reported a maxRSS of 307 MB and a VmHWM of 40 MB). Where
// there is no /proc (not Linux), maxRSS is what there is.
import { readFileSync } from 'node:fs';

function peakKB() {
  try {
    const hwm = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (hwm) return { kb: Number(hwm[1]), source: 'VmHWM' };
  } catch {
    // no /proc
  }
  return { kb: process.resourceUsage().maxRSS, source: 'maxRSS' };
}

process.on('exit', () => {
  const cpu = process.cpuUsage();
  const peak = peakKB();
  process.stderr.write(`\nstreamscope-peak ${JSON.stringify({ maxRssKB: peak.kb, source: peak.source, cpuMs: Math.round((cpu.user + cpu.system) / 1000) })}\n`);
});
