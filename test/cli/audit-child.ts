// Runs the recorder's last pass (src/cli/record-audit.ts auditFile) on one file in a process of its own, so that its
// time and peak memory are its own: `node --import tsx test/cli/audit-child.ts FILE SECRET...` prints one JSON line
// {audit, ms, cpuMs, maxRssMb, fds} (fds: descriptors on the audited file still open after the pass; counting all of the
// process's descriptors was not exact: one of Node's own closed during a pass, and the difference read -1).
import { readdirSync, readlinkSync } from 'node:fs';
import { resolve } from 'node:path';
import { auditFile } from '../../src/cli/record-audit';
import { secretForms } from '../../src/cli/record-scrub';

const [file, ...values] = process.argv.slice(2);
const target = resolve(file ?? '');
const onFile = (): number =>
  readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === target;
    } catch {
      return false; // the descriptor readdir itself used, closed by now
    }
  }).length;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const audit = auditFile(file ?? '', secretForms(values).secrets);
const ms = Math.round(performance.now() - t0);
const cpu = process.cpuUsage(cpu0);
const fds = onFile();
process.stdout.write(`${JSON.stringify({ audit, ms, cpuMs: Math.round((cpu.user + cpu.system) / 1000), maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024), fds })}\n`);
