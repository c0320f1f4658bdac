/**
 * Branded units of the data model: absolute and turn-relative milliseconds, frame and turn indices (re-exported by
 * types.ts, which states the model's contract), and `Mutable<T>` for the builders that fill the model in place.
 *
 * Contract: the brands exist only for the type checker (a branded value is the plain number at run time); none of
 * the four units can be passed for another without one of the constructors below.
 */

// ---------------------------------------------------------------------------------------------------------------
// Branded units
// ---------------------------------------------------------------------------------------------------------------
declare const msBrand: unique symbol;
declare const turnMsBrand: unique symbol;
declare const frameBrand: unique symbol;
declare const turnBrand: unique symbol;
/** Absolute milliseconds: a moment since the recording started. */
export type Ms = number & { readonly [msBrand]: true };
/** Turn-relative milliseconds: a moment measured from its turn's request (`Turn.requestAt`). */
export type TurnMs = number & { readonly [turnMsBrand]: true };
/** 0-based frame index across the whole recording (the same number as the URL's `f` and the CLI's frames). */
export type FrameIndex = number & { readonly [frameBrand]: true };
/** 0-based turn index: the position in `Recording.turns` (equal to that turn's `index`). */
export type TurnIndex = number & { readonly [turnBrand]: true };
export const ms = (n: number): Ms => n as Ms;
export const turnMs = (n: number): TurnMs => n as TurnMs;
export const frameIndex = (n: number): FrameIndex => n as FrameIndex;
export const turnIndex = (n: number): TurnIndex => n as TurnIndex;
/** The turn-relative time of the absolute moment `time`, in a turn whose request was sent at `requestAt`. */
export const sinceRequest = (time: Ms, requestAt: Ms): TurnMs => (time - requestAt) as TurnMs;
/** The absolute moment of the turn-relative time `rel`, in a turn whose request was sent at `requestAt`. */
export const fromRequest = (rel: TurnMs, requestAt: Ms): Ms => (requestAt + rel) as Ms;

/**
 * For the builders that fill a part of the model in place before handing it out (loaders, the sse decoder, the
 * strategies' run log, the ground-truth tracer): the same shape with every `readonly` removed, deeply. A `Mutable<T>`
 * is assignable to `T`; nothing outside a builder holds one.
 */
export type Mutable<T> = unknown extends T
  ? T
  : T extends string | number | boolean | bigint | symbol | null | undefined | Uint8Array | Uint32Array | Float64Array
    ? T
    : { -readonly [K in keyof T]: Mutable<T[K]> };
