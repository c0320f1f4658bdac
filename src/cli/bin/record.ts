// The entry of `npm run record` (see ../record.ts): a first Ctrl-C aborts the recording (the file ends aborted,
// exit 130), a second one exits at once; main's code becomes the process's exit code. With `--proxy` (../proxy.ts)
// the first Ctrl-C ends the proxy's recording cleanly (finished turns kept, a turn in flight ended `aborted`, exit 0).
import { processIo } from '../io';
import { main } from '../record';

const interrupt = new AbortController();
process.on('SIGINT', () => {
  if (interrupt.signal.aborted) process.exit(130);
  interrupt.abort();
});
void main(process.argv.slice(2), { ...processIo, signal: interrupt.signal }).then((code) => {
  process.exitCode = code;
});
