/**
 * Wire adapters with all four wires installed (base.ts holds the contract), with their ground truths
 * (core/wires/all.ts): what the CLI, the workers, the tests and core/session's `analyze` use. A page that loads one
 * wire's code when it needs it imports ./base.ts and installs the wire it needs (core/wires).
 */
import '../wires/all';

export * from './base';
export { encodeTurn, encodeTurnEvents, type TurnSpec, type CallSpec, type EncodedEvent } from './encode';
