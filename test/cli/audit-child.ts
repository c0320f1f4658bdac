// Runs the recorder's last pass (src/cli/record-audit.ts auditFile) on one file in a process of its own, so that its
// time and peak memory are its own: `node --import tsx test/cli/audit-child.ts FILE SECRET...` prints one JSON line
// {audit, ms, cpuMs, maxRssMb, fds} (fds: descriptors still open after the pass, beyond those before it).
import { readdirSync } from 'node:fs';
import { auditFile } from '../../src/cli/record-audit';
import { secretForms } from '../../src/cli/record-scrub';

const [file, ...values] = process.argv.slice(2);
const fdsBefore = readdirSync('/proc/self/fd').length;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const audit = auditFile(file ?? '', secretForms(values).secrets);
const ms = Math.round(performance.now() - t0);
const cpu = process.cpuUsage(cpu0);
const fds = readdirSync('/proc/self/fd').length - fdsBefore;
process.stdout.write(`${JSON.stringify({ audit, ms, cpuMs: Math.round((cpu.user + cpu.system) / 1000), maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024), fds })}\n`);
