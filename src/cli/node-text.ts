// Bytes -> text the Node way, for inspect's loader and SSE decoder (core takes these as options and is given them
// only by Node callers). `isAscii` is Node's own check (native; core's is a JS loop). `decodeText` gives exactly
// what the SSE decoder's own one TextDecoder call gives: bytes that are all ASCII are the same characters in
// Latin-1, which Node copies into a string without decoding (the 1,000,000-frame file's pieces are all ASCII);
// any other bytes go to that TextDecoder call.
import { Buffer, isAscii as nodeIsAscii } from 'node:buffer';

const DECODER = new TextDecoder('utf-8', { ignoreBOM: true });

export const isAscii = (bytes: Uint8Array): boolean => nodeIsAscii(bytes);

export function decodeText(bytes: Uint8Array): string {
  if (!nodeIsAscii(bytes)) return DECODER.decode(bytes);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}
