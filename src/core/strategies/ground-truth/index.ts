/**
 * Ground truth with every wire's reader installed (read.ts holds the contract), with their adapters
 * (core/wires/all.ts): what the CLI, the workers, the tests and core/session's `analyze` use. A page that loads one
 * wire's code when it needs it imports ./read.ts and installs the wire it needs (core/wires).
 */
import '../../wires/all';

export * from './read';
