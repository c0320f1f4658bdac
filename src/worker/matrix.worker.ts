/**
 * The strategy matrix's worker: analyses recordings one message at a time and answers each with its row.
 *
 * Contract: receives `{ type: 'row', id, input, name, faults? }`, posts exactly one `{ type: 'row', row }` per request, in
 * order; never throws out (matrixRow does not).
 */
import { matrixRow, type MatrixRow } from './matrixRow';
import { enableLargeInputPaths } from '../core/large-inputs';

enableLargeInputPaths();

export interface MatrixRequest {
  type: 'row';
  id: string;
  input: string | Uint8Array;
  name: string;
  /** Fault specs applied before the analysis (the matrix's fault rows). */
  faults?: readonly string[];
}
export interface MatrixReply {
  type: 'row';
  row: MatrixRow;
}

self.addEventListener('message', (event: MessageEvent<MatrixRequest>) => {
  const req = event.data;
  if (!req || req.type !== 'row') return;
  const reply: MatrixReply = { type: 'row', row: matrixRow(req.id, req.input, req.name, req.faults ?? []) };
  (self as unknown as { postMessage(m: MatrixReply): void }).postMessage(reply);
});
