/** Export of recordings (see serialize.ts for the contract). */
export { serializeRecording } from './serialize';
