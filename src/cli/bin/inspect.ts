// The entry of `npm run inspect` (see ../inspect.ts): runs main on the process's arguments and streams and sets the
// exit code; the process then ends once its output is flushed.
import { main } from '../inspect';
import { processIo } from '../io';

void main(process.argv.slice(2), processIo).then((code) => {
  process.exitCode = code;
});
