// Preloaded into a measured child (`node --import ./bench/lib/peak.mjs ...`): at exit, writes the process's peak
// resident memory and CPU time as one line to stderr, prefixed so the bench can find it among the child's output.
process.on('exit', () => {
  const cpu = process.cpuUsage();
  process.stderr.write(`\nstreamscope-peak ${JSON.stringify({ maxRssKB: process.resourceUsage().maxRSS, cpuMs: Math.round((cpu.user + cpu.system) / 1000) })}\n`);
});
