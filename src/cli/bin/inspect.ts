// The entry of `npm run inspect` (see ../inspect.ts): runs main on the process's arguments and streams and sets the
// exit code; the process then ends once its output is flushed.
//
// It hands main V8's full garbage collection (`--expose-gc`, taken from a fresh context so this process's own global
// is left as it was): inspect calls it once, when the turns are decoded and their chunk bytes let go. Those bytes
// (about the decoded text's size: 190 MB of the 1,000,000-frame budget file) are in buffers old enough that only a
// full collection frees them, and V8 runs one on its own only once the next stages have allocated more (measured:
// during the ground truth, when the signal table was already there too: 624 MB peak RSS instead of 529). The one
// collection, at the point of the run where the heap is the decoded text and nothing else, takes about 13 ms.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { main } from '../inspect';
import { processIo } from '../io';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
setFlagsFromString('--no-expose-gc');

void main(process.argv.slice(2), processIo, { collectGarbage }).then((code) => {
  process.exitCode = code;
});
