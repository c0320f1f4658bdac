/**
 * The instructor lab's faults: pure, composable, seeded transforms of a Recording, applied before the analysis.
 * See apply.ts for the contract of `applyFaults` and parse.ts for the spec grammar.
 */
export { applyFaults } from './apply';
export { describeFault, faultSyntax, parseFault, FAULT_WIRES, MAX_FAULT_MS } from './parse';
export { FAULT_IDS } from './types';
export type { ApplyResult, Fault, FaultDescription, FaultError, FaultErrorCode, FaultId, ParseResult } from './types';
