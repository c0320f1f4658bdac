/**
 * Each wire's code (its adapter and its ground truth), loaded when a recording in that wire is first analysed on a
 * page: a page showing a Chat stream never fetches the Anthropic, Responses or Gemini readers.
 *
 * Contract: `wireReady(wire)` says whether both parts of `wire` are installed (core/wire/base.ts,
 * core/strategies/ground-truth/read.ts); `loadWire(wire)` installs them, importing the wire's module once (a
 * failed fetch rejects, and the next call fetches again: core/retryImport.ts). Where every wire is wanted at once
 * (the CLI, the workers, the tests), core/session/session.ts installs all four statically instead.
 */
import { retryingImport } from '../retryImport';
import { hasTruth } from '../strategies/ground-truth/read';
import type { WireId } from '../types';
import { hasAdapter } from '../wire/base';

type WireModule = { install: () => void };

const IMPORTS: { readonly [W in WireId]: () => Promise<WireModule> } = {
  'openai-chat': retryingImport(() => import('./openai-chat')),
  'anthropic-messages': retryingImport(() => import('./anthropic-messages')),
  'openai-responses': retryingImport(() => import('./openai-responses')),
  gemini: retryingImport(() => import('./gemini')),
};

export function wireReady(wire: WireId): boolean {
  return hasAdapter(wire) && hasTruth(wire);
}

export async function loadWire(wire: WireId): Promise<void> {
  if (wireReady(wire)) return;
  (await IMPORTS[wire]()).install();
}
