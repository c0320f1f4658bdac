// Preloaded into a measured child (`node --import ./bench/lib/peak.mjs ...`): at exit, writes the process's peak
// resident memory (./peak-kb.mjs: its own VmHWM, not a maxRSS that starts at its parent's size) and CPU time as one
// line to stderr, prefixed so the bench can find it among the child's output.
import { peakKB } from './peak-kb.mjs';

process.on('exit', () => {
  const cpu = process.cpuUsage();
  process.stderr.write(`\nstreamscope-peak ${JSON.stringify({ maxRssKB: peakKB(), cpuMs: Math.round((cpu.user + cpu.system) / 1000) })}\n`);
});
