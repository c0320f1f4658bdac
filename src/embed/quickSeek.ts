/**
 * The cheap part of the postMessage protocol (./protocol.ts holds the contract), which the bridge needs from its
 * first message: `quickSeek(data)`, the frame of a well-formed `seek` (most of a flood of commands), else undefined
 * and ./protocol.ts `checkCommand` decides (it never takes what checkCommand refuses). The rest of the protocol is
 * fetched after the player's first paint, or with the first message that needs it (./bridge.ts).
 */

export const NAMESPACE = 'streamscope:';
/** The largest frame index a command may name (the same bound as the `f=` URL parameter, nine digits). */
export const MAX_FRAME = 999_999_999;

/**
 * The frame of `{type: 'streamscope:seek', frame}` with exactly those two own keys and a frame checkCommand takes,
 * read with no more than one small array built; undefined for anything else (checkCommand then answers it, taken or
 * refused).
 */
export function quickSeek(data: unknown): number | undefined {
  if (typeof data !== 'object' || data === null || Object.getPrototypeOf(data) !== Object.prototype) return undefined;
  const d = data as { type?: unknown; frame?: unknown };
  if (d.type !== 'streamscope:seek' || !Object.hasOwn(d, 'type') || !Object.hasOwn(d, 'frame')) return undefined;
  const frame = d.frame;
  if (typeof frame !== 'number' || !Number.isInteger(frame) || frame < 0 || frame > MAX_FRAME) return undefined;
  // two own keys, and both are type and frame: nothing else (a forbidden key, an extra field, a symbol) is there
  return Reflect.ownKeys(d).length === 2 ? frame : undefined;
}
