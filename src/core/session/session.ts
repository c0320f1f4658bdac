/**
 * The Session with every wire installed: ./pipeline.ts (which holds the contract: `analyze`, `analyzeInput`,
 * `withStrategies`...) after installing the four wires' adapters and ground truths (core/wires/all.ts) and every
 * format's reader (core/load/index.ts) and the SSE parser (core/sse/index.ts), for the CLI,
 * the workers, the lab, the tests and the bench. A page's first analysis goes through ./lazy.ts instead, which loads
 * only the wire its recording is in.
 */
import '../wires/all';
import '../load';
import '../sse';

export * from './pipeline';
