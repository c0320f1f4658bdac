/**
 * The exercise mode's parameters in the URL (issue 31): `exercise=1` opens the "Your strategy" editor, `yours=` carries
 * the learner's code, compressed (deflate-raw, then base64url: ui/exercise/codec.ts makes and reads it).
 *
 * Contract: pure; one table, read and written by the same code as the view's and the lab's (./params.ts). `yours` is
 * kept only when it is base64url text of at most YOURS_MAX characters (what it decodes to is checked where it is
 * decompressed); anything else is dropped and named in `rejected`. Written with the view's and the lab's, each side
 * keeps the others' parameters.
 */
import { flag, readParams, writeParams, type ParamTable } from './params';

export interface ExerciseParams {
  exercise?: boolean;
  yours?: string;
}

/** About 24 KB of compressed code: a long exercise still fits a URL a browser and a chat message carry. */
export const YOURS_MAX = 32_000;

export const EXERCISE_PARAMS: ParamTable<ExerciseParams> = {
  exercise: flag<ExerciseParams>('exercise'),
  yours: { name: 'yours', parse: (v) => (v.length > 0 && v.length <= YOURS_MAX && /^[A-Za-z0-9_-]+$/.test(v) ? v : undefined), serialize: (v) => v },
};

export function parseExerciseParams(search: string): { exercise: ExerciseParams; rejected: string[] } {
  const { values, rejected } = readParams(EXERCISE_PARAMS, search);
  return { exercise: values, rejected };
}

export function exerciseSearch(values: ExerciseParams, current = ''): string {
  return writeParams(EXERCISE_PARAMS, values, current);
}
